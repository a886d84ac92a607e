/**
 * Content filter (spec §5 "Content filter"): a case-insensitive whole-word (or whole-phrase) match against
 * word lists. A match sets bad_words = yes, which sends the extra report call (§7); it never blocks the
 * visitor. The lists are data: categories are kept apart so an operator can see why a text matched.
 *
 * §5 names two lists. The first covers every category below; the Spanish phrasing that §5 says the
 * second list adds sits beside the English in each category (one place per category reads better), and
 * the strings for when the accident happened are the second list proper: ACCIDENT_AGE_PHRASES.
 *
 * Whole-word means an entry only matches when no letter or digit touches it on either side: 'ass' never
 * matches "pass" or "class", 'culo' never matches "vehículo", '2 years ago' never matches "12 years ago".
 * In an entry, a space (or hyphen) matches any run of spaces and hyphens ("single car" = "single-car"),
 * and an apostrophe is optional ("don't" = "dont"). Accents are not folded, on purpose: "coño" must not
 * match "cono" (a traffic cone), nor "no sé" (I don't know) match "no se detuvo" (did not stop); where an
 * unaccented spelling is safe it is listed too (`withPlain`).
 *
 * Entries left out on purpose, because innocent accident descriptions use them: crack (a cracked
 * windshield), blunt (blunt force trauma), joint (joint pain), coke (a Coke truck), speed, high, ice on
 * its own (an ice pack), hielo on its own (bolsa de hielo), nothing/none/nada (no pude hacer nada),
 * test (alcohol test), prueba (prueba de alcohol), no se (no se detuvo), nevada (the state), buffalo
 * (the city), mustang/jaguar/ram/bronco/impala (cars), ave (avenue), mula (a truck in Colombia). "gato"
 * stays although it is also a car jack, because it is the everyday word for a cat.
 */

import { compilePhraseLists, type PhraseMatcher } from './phrase-matcher';

/* ------------------------------------------------------------------------------------------------ */
/* Builders: short data, every spelling                                                               */
/* ------------------------------------------------------------------------------------------------ */

/** Every "a b c" phrase from one word of each group, in order ("hit" × "a tree" → "hit a tree"). */
function combine(...groups: readonly (readonly string[])[]): string[] {
  return groups.reduce<string[]>(
    (phrases, group) => phrases.flatMap((phrase) => group.map((word) => `${phrase} ${word}`.trim())),
    [''],
  );
}

/** Removes acute accents and diaereses, keeping ñ ("cabrón" → "cabron", "año" stays "año"). */
function stripAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0301\u0308]/g, '')
    .normalize('NFC');
}

/** The entries plus their unaccented spellings, for lists where no unaccented form is an innocent word. */
function withPlain(entries: readonly string[]): string[] {
  return unique([...entries, ...entries.map(stripAccents)]);
}

function unique(entries: readonly string[]): string[] {
  return [...new Set(entries)];
}

/** A firm's name with "&" also written "and", "y" (Spanish), "n" and without spaces. */
function firmNames(names: readonly string[]): string[] {
  return names.flatMap((name) =>
    name.includes(' & ')
      ? ['&', 'and', 'y', 'n']
          .map((joiner) => name.replaceAll(' & ', ` ${joiner} `))
          .concat(name.replaceAll(' & ', '&'))
      : [name],
  );
}

/* ------------------------------------------------------------------------------------------------ */
/* The second list (§5): when the accident happened, 1 to 4 years ago                                 */
/* ------------------------------------------------------------------------------------------------ */

const EN_YEARS: readonly (readonly string[])[] = [
  ['1', 'one', 'a'],
  ['2', 'two', 'a couple', 'a couple of', 'couple', 'couple of'],
  ['3', 'three', 'a few', 'few'],
  ['4', 'four', 'several'],
];
const ES_YEARS: readonly (readonly string[])[] = [
  ['1', 'un'],
  ['2', 'dos', 'un par de'],
  ['3', 'tres', 'unos', 'algunos'],
  ['4', 'cuatro', 'varios'],
];

/*
 * Without "ago"/"hace" only "over"/"more than"/"más de" count (§5's own "more than three years"): a bare
 * "2 years", "almost 2 years" or "casi 2 años" is as often a child's age or years of driving.
 */
function englishAccidentAge(): string[] {
  return EN_YEARS.flatMap((numbers) => {
    const years = ['year', 'years', 'yr', 'yrs'];
    const digits = numbers.filter((n) => /^\d$/.test(n));
    const counted = numbers.filter((n) => n !== 'a');
    return [
      ...combine(numbers, years, ['ago', 'back']),
      // "2yrs ago", typed without a space.
      ...digits.flatMap((d) => years.map((y) => `${d}${y} ago`)),
      ...combine(['over', 'more than'], numbers, years),
      ...combine(counted, ['and a half'], years, ['ago']),
    ];
  }).concat('a year and a half ago');
}

function spanishAccidentAge(): string[] {
  return (
    ES_YEARS.flatMap((numbers) => {
      // "anos" (typed without ñ) only inside these phrases, where it cannot be read as the other word.
      const years = ['año', 'años', 'ano', 'anos'];
      return [
        ...combine(
          ['hace', 'hace casi', 'hace como', 'hace ya', 'hace aproximadamente', 'hace alrededor de'],
          numbers,
          years,
        ),
        ...combine(['más de', 'mas de'], numbers, years),
        ...combine(numbers, years, ['atrás', 'atras']),
      ];
    })
      // "hace casi un año" is under a year.
      .filter((phrase) => !phrase.startsWith('hace casi un '))
      .concat(['hace año y medio', 'hace ano y medio', 'año y medio atrás', 'ano y medio atras'])
  );
}

/** §5 second list: the strings for when the accident happened, 1 to 4 years ago, in English and Spanish. */
export const ACCIDENT_AGE_PHRASES: readonly string[] = unique([...englishAccidentAge(), ...spanishAccidentAge()]);

/* ------------------------------------------------------------------------------------------------ */
/* The first list (§5)                                                                                */
/* ------------------------------------------------------------------------------------------------ */

// Word lists are laid out as prose-like blocks (prettier-ignore) rather than one word per line, so a
// category fits on a screen and can be read and reviewed as a whole.

// prettier-ignore
const PROFANITY_EN = [
  'fuck', 'fucks', 'fucked', 'fucker', 'fuckers', 'fucking', 'fuckin', 'f*ck', 'f**k', 'motherfucker',
  'motherfuckers', 'motherfucking', 'mofo', 'shit', 'shits', 'shitty', 'shitting', 'shithead', 'bullshit',
  'horseshit', 'ass', 'asses', 'asshole', 'assholes', 'jackass', 'dumbass', 'smartass', 'bitch', 'bitches',
  'bitching', 'bitchy', 'son of a bitch', 'bastard', 'bastards', 'damn', 'damned', 'dammit', 'damnit',
  'goddamn', 'goddamnit', 'dick', 'dicks', 'dickhead', 'cock', 'cocksucker', 'cunt', 'cunts', 'crap',
  'crappy', 'piss', 'pissed', 'pissing', 'prick', 'pricks', 'twat', 'wanker', 'bollocks', 'douche',
  'douchebag', 'slut', 'sluts', 'whore', 'whores', 'skank', 'retard', 'retarded', 'wtf', 'stfu', 'screw you',
  'jerk off', 'jerkoff', 'fag', 'faggot', 'nigger', 'niggers', 'nigga', 'niggas', 'spic', 'wetback', 'chink',
  'kike', 'tranny',
];

// prettier-ignore
const PROFANITY_ES = withPlain([
  'puta', 'putas', 'puto', 'putos', 'putita', 'putazo', 'hijo de puta', 'hija de puta', 'hijueputa',
  'hijoputa', 'hdp', 'putamadre', 'puta madre', 'verga', 'vergas', 'vergazo', 'mierda', 'mierdas',
  'comemierda', 'pendejo', 'pendeja', 'pendejos', 'pendejas', 'pendejada', 'pendejadas', 'cabrón', 'cabrona',
  'cabrones', 'chinga', 'chingas', 'chingada', 'chingadas', 'chingado', 'chingados', 'chingao', 'chingar',
  'chingue', 'chinguen', 'chingón', 'chingona', 'chingadera', 'chingaderas', 'culero', 'culera', 'culeros',
  'culo', 'joder', 'jodido', 'jodida', 'jódete', 'carajo', 'coño', 'pinche', 'pinches', 'mamón', 'mamona',
  'mamada', 'mamadas', 'mamahuevo', 'mamaguevo', 'maricón', 'maricones', 'marica', 'joto', 'jotos',
  'gilipollas', 'cojones', 'huevón', 'huevona', 'pelotudo', 'pelotuda', 'malparido', 'malparida',
  'hijo de perra', 'me cago en', 'cagada', 'ojete', 'culiao', 'culiado', 'follar',
]);

// prettier-ignore
const DRUGS = [
  // English
  'weed', 'marijuana', 'marihuana', 'cannabis', 'thc', 'kush', 'stoned', 'stoner', 'getting high', 'got high',
  'smoking weed', 'cocaine', 'crack cocaine', 'crackhead', 'crack pipe', 'smoking crack', 'meth',
  'crystal meth', 'methamphetamine', 'tweaker', 'heroin', 'fentanyl', 'lsd', 'ecstasy', 'mdma', 'shrooms',
  'magic mushrooms', 'pcp', 'angel dust', 'spliff', 'bong', 'edibles', 'hashish', 'junkie', 'druggie',
  'drug dealer', 'dealing drugs',
  // Spanish
  ...withPlain([
    'mota', 'mariguana', 'marihuano', 'mariguano', 'marihuanero', 'mariguanero', 'cocaína', 'cocainómano',
    'heroína', 'metanfetamina', 'fentanilo', 'drogado', 'drogada', 'drogados', 'drogadicto', 'drogadicta',
    'me drogué', 'narco', 'narcos', 'narcotraficante', 'porro', 'porros', 'hongos alucinógenos',
  ]),
];

// prettier-ignore
const SEXUAL = [
  // English
  'sex', 'sexy', 'sexting', 'sex tape', 'porn', 'porno', 'pornography', 'nude', 'nudes', 'send nudes', 'naked',
  'xxx', 'onlyfans', 'only fans', 'blowjob', 'blow job', 'handjob', 'hand job', 'orgasm', 'horny', 'boobs',
  'boobies', 'tits', 'titties', 'penis', 'vagina', 'pussy', 'dildo', 'hookup', 'prostitute', 'prostitutes',
  'stripper', 'strip club', 'milf', 'threesome', 'nsfw', 'anal', 'erection', 'masturbate', 'masturbating',
  'masturbation', 'fetish',
  // Spanish
  ...withPlain([
    'sexo', 'pornografía', 'desnuda', 'desnudas', 'desnudo', 'desnudos', 'encuerada', 'encuerado', 'tetas',
    'chichis', 'pene', 'panocha', 'culear', 'prostituta', 'prostitutas', 'sexoservidora', 'teibolera',
    'cachonda', 'cachondo', 'orgasmo', 'masturbarse', 'masturbación',
  ]),
];

// prettier-ignore
const SPAM = [
  // English (§5: gift card, sweepstakes, cash app, free, money)
  'gift card', 'gift cards', 'giftcard', 'giftcards', 'sweepstakes', 'cash app', 'cashapp', 'free', 'money',
  'bitcoin', 'crypto', 'cryptocurrency', 'lottery', 'winner', 'you won', 'you have won', "you've won",
  'claim your prize', 'prize', 'giveaway', 'click here', 'click the link', 'click this link', 'visit my website',
  'check out my', 'promo code', 'discount code', 'coupon code', 'work from home', 'paypal', 'venmo', 'zelle',
  'western union', 'wire transfer', 'http', 'https', 'www', 'casino', 'viagra', 'forex',
  'investment opportunity', 'subscribe', 'follow me', 'dm me', 'buy now', 'limited time offer', 'act now',
  // Spanish
  ...withPlain([
    'tarjeta de regalo', 'tarjetas de regalo', 'sorteo', 'sorteos', 'gratis', 'dinero', 'dinero fácil',
    'ganaste', 'has ganado', 'usted ha ganado', 'ha ganado un', 'premio', 'premios', 'lotería', 'haz clic',
    'haga clic', 'da clic', 'dale clic', 'trabaja desde casa', 'trabajo desde casa', 'criptomonedas', 'cripto',
    'suscríbete', 'sígueme', 'oferta por tiempo limitado', 'cupón',
  ]),
];

const NO_ACCIDENT = [
  // English
  'no accident',
  'no car accident',
  'no crash',
  'there was no accident',
  'there was no crash',
  ...combine(
    [
      'not in',
      "wasn't in",
      "weren't in",
      "wasn't involved in",
      'never had',
      'never been in',
      'never was in',
      "haven't been in",
      'have not been in',
      "didn't have",
      'did not have',
      "didn't get in",
      "didn't get into",
      'did not get in',
      'never got in',
      'not involved in',
    ],
    ['an accident', 'a car accident', 'an auto accident', 'any accident', 'a crash', 'a wreck'],
  ),
  // Spanish
  ...withPlain([
    ...combine(
      [
        'no tuve',
        'nunca tuve',
        'no he tenido',
        'nunca he tenido',
        'no estuve en',
        'nunca estuve en',
        'no he estado en',
        'nunca he estado en',
      ],
      ['accidente', 'un accidente', 'ningún accidente', 'un choque', 'ningún choque'],
    ),
    'no hubo accidente',
    'no hubo ningún accidente',
    'no hubo choque',
    'no me accidenté',
  ]),
];

const NO_INSURANCE = [
  // English
  'uninsured',
  ...combine(
    ['no', 'without', "didn't have", 'did not have', "don't have", 'do not have', "doesn't have", 'does not have'],
    ['insurance', 'car insurance', 'auto insurance', 'insurance coverage'],
  ),
  ...combine(["wasn't", 'was not', "isn't", 'is not', 'not'], ['insured']),
  'insurance lapsed',
  'insurance had lapsed',
  'lapsed insurance',
  'insurance expired',
  'insurance was expired',
  'expired insurance',
  'insurance was cancelled',
  'insurance was canceled',
  // Spanish ("no estoy seguro" is "I am not sure": never "seguro" alone)
  ...withPlain([
    'sin seguro',
    'sin aseguranza',
    ...combine(
      ['no tenía', 'no tengo', 'no tiene', 'no tenemos', 'no teníamos', 'no contaba con', 'no cuenta con', 'no traía'],
      ['seguro', 'aseguranza', 'seguro de auto', 'seguro de carro', 'aseguranza de carro'],
    ),
    'no estaba asegurado',
    'no estaba asegurada',
    'no está asegurado',
    'no está asegurada',
    'seguro vencido',
    'el seguro estaba vencido',
    'aseguranza vencida',
    'seguro cancelado',
  ]),
];

const LAWYER_STATUS = [
  // English: already has one ("I don't have a lawyer yet" must not match, so every entry starts at "I"
  // or "already")
  ...combine(
    [
      'already have',
      'already hired',
      'already got',
      'already retained',
      'already spoke to',
      'already talked to',
      'already working with',
      'i have',
      "i've got",
      'i got',
      'i hired',
      'i retained',
      "i'm working with",
      'i am working with',
    ],
    ['a lawyer', 'an attorney', 'a law firm', 'legal representation'],
  ),
  'my lawyer',
  'my lawyers',
  'my attorney',
  'my attorneys',
  "i'm represented",
  'i am represented',
  'represented by',
  // English: does not need or want one
  ...combine(
    ["don't need", 'do not need', "don't want", 'do not want', 'no need for', 'not looking for', 'no longer need'],
    ['a lawyer', 'an attorney', 'a law firm', 'lawyers', 'attorneys', 'legal help', 'legal representation'],
  ),
  'no lawyer needed',
  'no attorney needed',
  // Spanish ("no tengo abogado" must not match: never "tengo abogado" alone)
  ...withPlain([
    ...combine(
      ['ya tengo', 'ya contraté', 'ya hablé con', 'yo tengo', 'ya cuento con', 'tengo mi'],
      ['abogado', 'un abogado', 'abogada', 'una abogada', 'representación legal', 'un bufete'],
    ),
    'mi abogado',
    'mi abogada',
    'mis abogados',
    ...combine(
      ['no necesito', 'no quiero', 'no ocupo', 'no busco', 'no estoy buscando'],
      ['abogado', 'un abogado', 'abogados', 'una abogada', 'ayuda legal', 'representación legal'],
    ),
  ]),
];

/**
 * The best-known US personal-injury firms and advertising lawyers, as visitors write them (full names
 * only: "Morgan" alone is a street and a surname). Spanish writes "&" as "y".
 */
const LAW_FIRMS = firmNames([
  'morgan & morgan',
  'jacoby & meyers',
  'the barnes firm',
  'cellino & barnes',
  'cellino law',
  'sweet james',
  'jim adler',
  'jim s adler',
  'jim s. adler',
  'the texas hammer',
  'thomas j henry',
  'thomas j. henry',
  'hupy & abraham',
  'gordon mckernan',
  'ben crump',
  'dolman law',
  'dan newlin',
  'john foy',
  'larry h parker',
  'larry h. parker',
  'wilshire law firm',
  'downtown la law group',
  'farah & farah',
  'kanner & pintaluga',
  'ask gary',
  '1 800 ask gary',
  'zinda law',
  'kisling nestico & redick',
  'kisling, nestico & redick',
  'lerner & rowe',
  'glen lerner',
  'sam bernstein',
  'mike morse',
  'ken nugent',
  'montlick & associates',
  'gary martin hays',
  'alexander shunnarah',
  'edgar snyder',
  'the cochran firm',
  'parker waichman',
  'weitz & luxenberg',
  'finkelstein & partners',
  'jamie casino',
  'adam kutner',
  'adam s kutner',
  'anidjar & levine',
  'schwartzapfel',
  'pintas & mullins',
  'sokolove law',
  'napoli shkolnik',
]);

/** Animals met on roads. Ambiguous words only with an article ("a bear": "I can't bear the pain"). */
// prettier-ignore
const ANIMALS = [
  // English
  'deer', 'deers', 'elk', 'moose', 'a bear', 'the bear', 'black bear', 'bears', 'dog', 'dogs', 'stray dog',
  'puppy', 'cat', 'cats', 'kitten', 'horse', 'horses', 'pony', 'cow', 'cows', 'cattle', 'livestock', 'a bull',
  'a pig', 'pigs', 'wild hog', 'wild hogs', 'feral hog', 'feral hogs', 'wild boar', 'goat', 'goats', 'sheep',
  'donkey', 'mule', 'coyote', 'coyotes', 'a fox', 'foxes', 'a wolf', 'wolves', 'raccoon', 'raccoons', 'racoon',
  'possum', 'opossum', 'skunk', 'squirrel', 'squirrels', 'rabbit', 'rabbits', 'bunny', 'groundhog',
  'armadillo', 'porcupine', 'a turkey', 'turkeys', 'wild turkey', 'a duck', 'ducks', 'goose', 'geese',
  'a bird', 'birds', 'a chicken', 'chickens', 'alligator', 'turtle', 'turtles', 'tortoise', 'snake', 'snakes',
  'bison', 'antelope', 'pronghorn', 'javelina', 'animal', 'animals', 'roadkill',
  // Spanish
  ...withPlain([
    'venado', 'venados', 'ciervo', 'ciervos', 'alce', 'un oso', 'el oso', 'osos', 'perro', 'perros', 'perrito',
    'gato', 'gatos', 'gatito', 'caballo', 'caballos', 'vaca', 'vacas', 'toro', 'toros', 'becerro', 'cerdo',
    'cerdos', 'puerco', 'marrano', 'jabalí', 'chivo', 'cabra', 'cabras', 'oveja', 'ovejas', 'borrego', 'burro',
    'zorro', 'lobo', 'mapache', 'tlacuache', 'zarigüeya', 'zorrillo', 'ardilla', 'conejo', 'conejos', 'pavo',
    'guajolote', 'pato', 'patos', 'ganso', 'pájaro', 'pájaros', 'gallina', 'gallinas', 'caimán', 'lagarto',
    'tortuga', 'culebra', 'serpiente', 'víbora', 'animales', 'el ganado',
  ]),
];

// prettier-ignore
const WEATHER = [
  // English
  'rain', 'raining', 'rainy', 'rained', 'rainstorm', 'heavy rain', 'downpour', 'drizzle', 'snow', 'snowing',
  'snowy', 'snowstorm', 'blizzard', 'sleet', 'hail', 'hailstorm', 'black ice', 'icy', 'ice on the road',
  'patch of ice', 'sheet of ice', 'slid on ice', 'slid on the ice', 'storm', 'stormy', 'thunderstorm',
  'lightning', 'thunder', 'tornado', 'hurricane', 'flood', 'flooded', 'flooding', 'fog', 'foggy',
  'high winds', 'strong winds', 'strong wind', 'gust of wind', 'wind gust', 'dust storm', 'sandstorm',
  'freezing rain', 'whiteout', 'slippery', 'wet road', 'wet roads', 'road was wet', 'roads were wet',
  'bad weather', 'weather', 'sun glare', 'glare from the sun', 'hydroplaned', 'hydroplaning',
  // Spanish
  ...withPlain([
    'lluvia', 'llovía', 'lloviendo', 'llovizna', 'lloviznaba', 'aguacero', 'tormenta', 'tormentas', 'granizo',
    'granizada', 'nieve', 'nevando', 'nevaba', 'hielo negro', 'hielo en la carretera', 'hielo en el camino',
    'capa de hielo', 'había hielo', 'carretera congelada', 'camino congelado', 'niebla', 'neblina',
    'inundación', 'inundado', 'inundada', 'huracán', 'viento fuerte', 'vientos fuertes', 'ventarrón',
    'mal tiempo', 'mal clima', 'carretera mojada', 'calle mojada', 'piso mojado', 'pavimento mojado',
    'camino mojado', 'resbaloso', 'resbalosa', 'resbaladizo', 'el sol me cegó', 'relámpago',
  ]),
];

// prettier-ignore
const SINGLE_CAR = [
  // English
  ...combine(
    ['hit', 'crashed into', 'ran into', 'slammed into', 'drove into', 'smashed into', 'struck', 'went into'],
    [
      'a tree', 'the tree', 'a pole', 'the pole', 'a light pole', 'a telephone pole', 'a utility pole',
      'a power pole', 'a wall', 'the wall', 'a guardrail', 'the guardrail', 'a guard rail', 'the guard rail',
      'a fence', 'a ditch', 'the ditch', 'a curb', 'the curb', 'a mailbox', 'a sign', 'a median',
      'the median', 'a barrier', 'a pothole', 'a parked car', 'a building',
    ],
  ),
  'ended up in a ditch',
  'ended up in the ditch',
  'landed in a ditch',
  'i lost control',
  ...combine(['lost control of'], ['my car', 'the car', 'my vehicle', 'the vehicle', 'my truck']),
  'i spun out',
  'my car spun',
  'i rolled over',
  'my car rolled',
  'car flipped',
  'flipped my car',
  ...combine(['ran', 'went', 'drove', 'slid', 'veered'], ['off the road']),
  'single car',
  'single vehicle',
  'one car accident',
  'one vehicle accident',
  ...combine(['no other'], ['car', 'cars', 'vehicle', 'vehicles']),
  'no one else was involved',
  'nobody else was involved',
  'only my car',
  'only car involved',
  'i fell asleep',
  'fell asleep at the wheel',
  'fell asleep driving',
  // Spanish
  ...withPlain([
    ...combine(
      ['choqué contra', 'choqué con', 'me estrellé contra', 'me estrellé con', 'le pegué a', 'me pegué contra', 'me fui contra'],
      [
        'un árbol', 'el árbol', 'un poste', 'el poste', 'una pared', 'la pared', 'una barda', 'la barda',
        'un muro', 'el muro', 'una barrera', 'la barrera', 'una valla', 'la valla', 'una cerca', 'la cerca',
        'el camellón', 'la banqueta', 'un buzón', 'un carro estacionado', 'un auto estacionado',
        'el muro de contención',
      ],
    ),
    'perdí el control',
    'me salí de la carretera',
    'me salí del camino',
    'me volqué',
    'se volcó mi carro',
    'mi carro se volcó',
    'caí en una zanja',
    'terminé en una zanja',
    'solo mi carro',
    'solo mi auto',
    'ningún otro carro',
    'ningún otro vehículo',
    'no había otro carro',
    'me quedé dormido',
    'me quedé dormida',
    'un solo vehículo',
    'un solo carro',
    'derrapé',
  ]),
];

/** Vague replies. Phrases, not single everyday words (see the header: nothing, nada, test, no se). */
const VAGUE = [
  // English (§5: I don't know, N/A, thanks)
  "i don't know",
  'i do not know',
  'idk',
  'dunno',
  'i have no idea',
  'no idea',
  'n/a',
  'n.a',
  'na',
  'not applicable',
  'none of your business',
  'no comment',
  'no comments',
  'nothing to say',
  'nothing to add',
  'same as above',
  'see above',
  'whatever',
  'blah',
  'blah blah',
  'thanks',
  'thank you',
  'thank u',
  'thanx',
  'thx',
  'this is a test',
  'just testing',
  'test test',
  'testing testing',
  'test lead',
  'lol',
  'lmao',
  'just curious',
  'just looking',
  // Spanish: "no sé" only with its accent, or followed by what makes it "I don't know"
  'no sé',
  'yo no sé',
  'no lo sé',
  'no lo se',
  'no se que paso',
  'no se que pasó',
  'no se qué pasó',
  'no se qué paso',
  'no tengo idea',
  'ni idea',
  'no sabría decir',
  'no sabria decir',
  'no aplica',
  'nada que decir',
  'nada que agregar',
  'gracias',
  'muchas gracias',
  'esto es una prueba',
  'es una prueba',
  'solo probando',
  'probando probando',
  'jaja',
  'jajaja',
];

/**
 * Every category the filter checks, in the order matches are reported. The string arrays are data an
 * operator can read and extend; the builders above only spell out the variations.
 */
export const CONTENT_FILTER_LISTS = {
  profanity_en: unique(PROFANITY_EN),
  profanity_es: PROFANITY_ES,
  drugs: unique(DRUGS),
  sexual: unique(SEXUAL),
  spam: unique(SPAM),
  no_accident: unique(NO_ACCIDENT),
  no_insurance: unique(NO_INSURANCE),
  lawyer_status: unique(LAWYER_STATUS),
  law_firms: unique(LAW_FIRMS),
  animals: unique(ANIMALS),
  weather: unique(WEATHER),
  single_car: unique(SINGLE_CAR),
  vague: unique(VAGUE),
  accident_age: ACCIDENT_AGE_PHRASES,
} as const satisfies Record<string, readonly string[]>;

export type ContentCategory = keyof typeof CONTENT_FILTER_LISTS;

/**
 * The categories that make sense for a person's name (§5 "Bad-word check on names sets name_bad_word").
 * The other categories hold real surnames and first names (Snow, Storm, Flood, Winner, Money, Na, Cat),
 * which must not disqualify a lead.
 */
export const NAME_BAD_WORD_CATEGORIES: readonly ContentCategory[] = ['profanity_en', 'profanity_es', 'sexual'];

/* ------------------------------------------------------------------------------------------------ */
/* Matching                                                                                           */
/* ------------------------------------------------------------------------------------------------ */

function isContentCategory(key: string): key is ContentCategory {
  return Object.hasOwn(CONTENT_FILTER_LISTS, key);
}

const ALL_CATEGORIES: readonly ContentCategory[] = Object.keys(CONTENT_FILTER_LISTS).filter(isContentCategory);

export interface ContentMatch {
  category: ContentCategory;
  phrase: string;
}

/**
 * Composes accents (a decomposed "é" matches "é") and turns typographic apostrophes, including the
 * acute accent and backtick Spanish keyboards produce, into "'" so that "don’t" matches "don't".
 */
function normalise(text: string): string {
  return text.normalize('NFC').replace(/[\u2018\u2019\u02bc\u00b4`]/g, "'");
}

let matcher: PhraseMatcher<ContentCategory> | null = null;

/** Built on first use: the server builds it once; nothing else pays for it. */
function contentMatcher(): PhraseMatcher<ContentCategory> {
  matcher ??= compilePhraseLists(
    ALL_CATEGORIES.map((category) => [category, CONTENT_FILTER_LISTS[category]] as const),
    normalise,
  );
  return matcher;
}

/** The first match of each category (in list order), or of the given categories only. */
export function findBannedContent(text: string, categories?: readonly ContentCategory[]): ContentMatch[] {
  return contentMatcher()
    .firstMatches(text, categories)
    .map((match) => ({ category: match.list, phrase: match.phrase }));
}

/** Whether any list (or any of the given categories) matches: §5 bad_words. */
export function hasBannedContent(text: string, categories?: readonly ContentCategory[]): boolean {
  return contentMatcher().matchesAny(text, categories);
}
