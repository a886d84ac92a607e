import { looksLikeGibberish } from '@app/funnel';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOfflineTextChecker } from '../../../src/providers/text/offline-text-checker';
import { readText } from '../../../src/providers/text/text-analysis';
import { checkTextOrNothing, type TextChecker } from '../../../src/providers/text/text-checker';
import { installedTextModel, type TextModel } from '../../../src/providers/text/text-model';
import { loadLabelledSet, score } from './labelled-set';

let model: TextModel;
let checker: TextChecker;

beforeAll(() => {
  model = installedTextModel();
  checker = createOfflineTextChecker(model);
});

describe('quality gate on the held-out test split (gibberish-labelled.json)', () => {
  const items = loadLabelledSet();
  const test = items.filter((item) => item.split === 'test');

  it('holds enough items of both classes and languages to mean something', () => {
    expect(items.length).toBeGreaterThanOrEqual(300);
    expect(test.filter((item) => item.label === 'gibberish').length).toBeGreaterThanOrEqual(100);
    expect(test.filter((item) => item.label === 'real' && item.lang === 'es').length).toBeGreaterThanOrEqual(30);
  });

  // Floors, not targets: the model measures 0.99 on both (docs/text-model.md). Precision guards the
  // costlier error — is_gibberish "yes" disqualifies a real victim (§5) — and recall what the check is
  // for. At 0.95 a change may cost about five more misreads of the ~125 per class before this fails.
  it('precision and recall of the gibberish class are at least 0.95', () => {
    const s = score(test, (text) => readText(text, model).isGibberish);
    expect(s.precision).toBeGreaterThanOrEqual(0.95);
    expect(s.recall).toBeGreaterThanOrEqual(0.95);
  });

  it('does better than the domain heuristic it is meant to replace', () => {
    const modelF1 = score(test, (text) => readText(text, model).isGibberish).f1;
    const heuristicF1 = score(test, looksLikeGibberish).f1;
    expect(modelF1).toBeGreaterThan(heuristicF1);
  });
});

describe('real descriptions are not gibberish', () => {
  it.each([
    ['accents', 'Íbamos por la carretera cuando el camión nos chocó y mi niña se lastimó el brazo'],
    ['apostrophes', "I didn't see him coming, he hit my driver's side door and I couldn't open it"],
    ['numbers', '2 cars hit me on I-95 near exit 12 at 3am, 45 mph'],
    ['brand names', 'my Toyota got hit by an Uber driver in a Hyundai at the light'],
    ['street names', 'rear ended on Tchoupitoulas St near Napoleon Ave, neck hurts'],
    ['typos', 'teh car behind me didnt stop and hit me realy hard, my nek hurts'],
    ['all caps', 'GOT HIT BY A TRUCK ON THE HIGHWAY, BACK PAIN AND HEADACHES'],
    ['short function words', 'a car hit me and I hurt my back, it is bad'],
    ['texting', 'me chocaron x atras en la 8 y me duele muxo el cuello q hago'],
    ['Spanglish', 'iba en el freeway y un truck me pegó por atrás, tengo whiplash'],
    ['a four-key run inside a real word', 'the truck damaged my property and I have liberty mutual insurance'],
  ])('%s: %s', async (_, text) => {
    expect(await checker.check(text)).toEqual({ is_gibberish: 'no' });
  });
});

describe('gibberish is gibberish', () => {
  it.each([
    ['keyboard mash', 'asdfghjkl qwertyuiop zxcvbnm', 'mash'],
    ['random letters', 'sdkfjh wpqoeir zmxncb lkqwj', 'mash'],
    ['made-up syllables', 'molvi tesaku brenado quilpa renovi', 'unfamiliar'],
    ['one word pasted over and over', 'pasted pasted pasted pasted pasted', 'repeated'],
    ['a chunk typed again and again', 'jajajajaja jajajajaja jajaja', 'mash'],
    ['mash padded with real words', 'car accident sdfsdf lkjlkj qpwoei', 'mash'],
    ['symbols only', '!!!!!!!!!!!!!!!!!!!!!! ????', 'no-words'],
    ['numbers only', '1234567890 0987654321', 'no-words'],
  ])('%s: %s', async (_, text, reason) => {
    expect(await checker.check(text)).toEqual({ is_gibberish: 'yes' });
    expect(readText(text, model).reason).toBe(reason);
  });
});

describe('the offline checker as a port', () => {
  it('always gives a verdict, so checkTextOrNothing never returns null for it', async () => {
    expect(await checkTextOrNothing(checker, '')).toEqual({ is_gibberish: 'yes' });
    expect(await checkTextOrNothing(checker, 'A car ran the red light and hit me')).toEqual({ is_gibberish: 'no' });
  });
});
