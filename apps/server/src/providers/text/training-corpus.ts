/**
 * Hand-written training text for the offline gibberish model (docs/text-model.md). The installed word
 * lists (Letterpress-derived) teach spelling but lack what visitors actually type: contractions without
 * the apostrophe, texting and road abbreviations, car makes, ride-hail companies, day names. And a plain
 * word list knows nothing about frequency, so the sentences below supply the everyday words a real
 * description is built from ("core words"): a text with none of them is most likely made-up syllables.
 *
 * Written for this project, independent of the evaluation set in apps/server/test/providers/text.
 */

/** Words missing from the installed lists that real descriptions use. Lower case, no apostrophes. */
export const EXTRA_WORDS: readonly string[] = [
  // Contractions once the apostrophe is dropped (visitors often type it that way anyway).
  ...'im ive ill id youre theyre weve dont didnt doesnt cant couldnt wouldnt shouldnt wasnt werent isnt arent havent hasnt hadnt wont thats theres whats hes shes lets aint'.split(
    ' ',
  ),
  // Texting and everyday abbreviations, English and Spanish.
  ...'idk lol smh tho thru lite gf bf ok okay pls plz bc bcuz cuz becuz rn yr yrs hr hrs wk wks min mins asap info omg tbh btw ppl bro bruh pq xq porq tmb tb pos ps xfa pa pal dr mr mrs ms sr sra'.split(
    ' ',
  ),
  // Roads and directions.
  ...'hwy blvd rd st ave pkwy expy fwy rt ln ct cir nb sb eb wb ne nw se sw mph kph'.split(' '),
  // Medical and legal abbreviations.
  ...'er icu mri ct pt chiro ortho doc ems tbi mva mvc dui dwi suv atv ssn'.split(' '),
  // Day and month names (the lists are lower-case common nouns only).
  ...'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december'.split(
    ' ',
  ),
  ...'lunes martes miercoles jueves viernes sabado domingo enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(
    ' ',
  ),
  // Car makes and common models, ride-hail, delivery and transit companies.
  ...'toyota honda nissan hyundai kia chevy chevrolet ford dodge ram jeep bmw mercedes benz lexus tesla subaru mazda volkswagen vw gmc buick cadillac acura infiniti mitsubishi volvo audi chrysler lincoln porsche'.split(
    ' ',
  ),
  ...'camry corolla prius rav civic accord crv pilot odyssey altima sentra rogue elantra sonata tucson optima sorento malibu impala silverado tahoe suburban equinox explorer escape mustang ranger charger challenger durango wrangler cherokee tacoma tundra highlander outback forester jetta passat'.split(
    ' ',
  ),
  ...'uber lyft amazon fedex ups usps dhl doordash grubhub instacart waymo greyhound amtrak walmart costco target mcdonalds wendys'.split(
    ' ',
  ),
];

/**
 * Short sentences about accidents and injuries, in the register visitors write (mixed case, plain
 * words, a few typos left out on purpose: the model should learn spelling, not mistakes).
 */
export const TRAINING_SENTENCES: { readonly english: readonly string[]; readonly spanish: readonly string[] } = {
  english: [
    'I was stopped at a red light when the car behind me did not stop and hit the back of my car.',
    'The other driver was on the phone and ran into my passenger side at the intersection.',
    'My neck and my lower back have hurt every day since the accident and I cannot sleep.',
    'We were going home from church and a truck crossed into our lane and hit us head on.',
    'He said he did not see me because the sun was in his eyes, and the police gave him a ticket.',
    'An ambulance took me to the hospital where they did x rays and a scan of my head.',
    'I have been going to physical therapy twice a week and the doctor wants me to see a specialist.',
    'She was backing out of a parking space and hit my door while I was getting my son out of the car.',
    'It happened on the highway during rush hour, the traffic stopped and I got pushed into the car in front.',
    'My car was totaled and the insurance company of the other driver has not called me back.',
    'I was a passenger in my friend’s car and we got hit on my side, my shoulder and arm are hurt.',
    'The driver ran the stop sign and I could not brake in time, my airbag went off and burned my face.',
    'A bus turned right into my lane and scraped the whole side of my car, I hit my head on the window.',
    'I was walking across the street in the crosswalk with the light when a car turned and knocked me down.',
    'My knee hit the dashboard and now it swells up and I have trouble walking up the stairs.',
    'The man who hit me was drunk and tried to drive away but a witness got his license plate.',
    'I missed two weeks of work because of the pain and my boss is asking when I can come back.',
    'They hit me from behind while I was waiting to turn left into the shopping center.',
    'The accident was last month and I still get headaches and feel dizzy when I stand up.',
    'Our car spun around and hit the guard rail after a van changed lanes without looking.',
    'I was riding my motorcycle to work and a car pulled out of a side street right in front of me.',
    'My daughter was in the back seat and she hurt her chest from the seat belt.',
    'He was speeding through a school zone and slammed into the car that was stopped ahead of me.',
    'The police came and wrote a report that says the other driver was at fault.',
    'I went to the emergency room that night and then to my own doctor the next morning.',
    'A truck hauling gravel lost part of its load and I crashed trying to avoid the rocks.',
    'The car in front of me stopped short on the freeway and the car behind me could not stop.',
    'I think my wrist is broken because I still cannot move it or hold anything heavy.',
    'They were racing on the avenue and one of them lost control and hit my parked car while I sat inside.',
    'We got rear ended at about forty miles an hour and my wife is still seeing a chiropractor.',
  ],
  spanish: [
    'Me chocaron por detrás cuando estaba parado en el semáforo esperando la luz verde.',
    'El otro conductor iba hablando por teléfono y no vio que yo venía por la derecha.',
    'Desde el accidente me duele mucho el cuello y la espalda y no puedo dormir bien.',
    'Íbamos para la casa cuando un camión se metió en nuestro carril y nos chocó de frente.',
    'La policía llegó y le dio una multa al otro chofer porque se pasó la luz roja.',
    'Una ambulancia me llevó al hospital y me hicieron radiografías y una tomografía de la cabeza.',
    'Voy a terapia física dos veces por semana y el médico dice que necesito ver a un especialista.',
    'La señora estaba saliendo del estacionamiento en reversa y me pegó en la puerta del carro.',
    'Fue en la autopista a la hora de más tráfico y el carro de atrás me empujó contra el de adelante.',
    'Mi carro quedó pérdida total y la aseguranza del otro conductor no me ha devuelto la llamada.',
    'Yo iba de pasajera en el carro de mi hermano y nos chocaron del lado donde yo estaba sentada.',
    'El muchacho no hizo el alto y no pude frenar a tiempo, la bolsa de aire me quemó la cara.',
    'Un autobús dobló a la derecha y me rayó todo el lado del carro, me golpeé la cabeza con la ventana.',
    'Iba cruzando la calle por el paso de peatones cuando un carro dio la vuelta y me tumbó.',
    'Me pegué la rodilla con el tablero y ahora se me hincha y me cuesta subir las escaleras.',
    'El hombre que me chocó estaba borracho y se quiso ir pero un testigo vio la placa.',
    'Perdí dos semanas de trabajo por el dolor y mi jefe me pregunta cuándo voy a regresar.',
    'Me dieron por atrás mientras esperaba para doblar a la izquierda hacia la tienda.',
    'El accidente fue el mes pasado y todavía tengo dolores de cabeza y mareos cuando me levanto.',
    'Nuestro carro dio vueltas y pegó contra la baranda después de que una van se cambió de carril sin mirar.',
    'Iba en mi moto para el trabajo y un carro salió de una calle lateral justo enfrente de mí.',
    'Mi hija iba en el asiento de atrás y se lastimó el pecho con el cinturón de seguridad.',
    'El chofer iba a exceso de velocidad y se estrelló contra el carro que estaba parado delante de mí.',
    'Fui a la sala de emergencias esa noche y al otro día fui con mi doctor.',
    'Creo que tengo la muñeca fracturada porque todavía no la puedo mover ni cargar nada pesado.',
    'Nos chocaron por detrás como a sesenta millas por hora y mi esposa sigue yendo al quiropráctico.',
  ],
};
