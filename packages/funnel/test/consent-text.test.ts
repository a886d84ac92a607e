import { describe, expect, it } from 'vitest';
import { consentText } from '../src/consent/consent-text';
import { brandIdentityForHost } from '../src/brand/brands';

describe('consent text (one template per language, shared by the page and the server)', () => {
  it('renders the English text (revision 2)', () => {
    expect(consentText({ language: 'en', brandName: 'Accident Claim Check', buyers: [], topic: 'accident' })).toBe(
      'By clicking "Get My Free Case Review", I agree that Accident Claim Check and its affiliated attorneys may contact me at the phone number and email address I provided, including by calls made with an automatic telephone dialing system, prerecorded messages and text messages, about my accident claim. My consent is not a condition of receiving any service. Message and data rates may apply.',
    );
  });

  it('renders the Spanish text (revision 2: the issue 11 review), clause for clause the English one', () => {
    expect(consentText({ language: 'es', brandName: 'Injury Case Finder', buyers: [], topic: 'accident' })).toBe(
      'Al hacer clic en "Obtener mi revisión gratuita", acepto que Injury Case Finder y sus abogados afiliados me contacten al número de teléfono y al correo electrónico que proporcioné, incluidas llamadas realizadas con un sistema de marcación automática, mensajes pregrabados y mensajes de texto, sobre mi reclamo por el accidente. Mi consentimiento no es condición para recibir ningún servicio. Pueden aplicarse tarifas de mensajes y datos.',
    );
  });

  it.each([
    ['en', 'about my traffic ticket.'],
    ['es', 'sobre mi multa de tránsito.'],
  ] as const)(
    'the ticket flow consents to contact about a traffic ticket (%s), never an accident',
    (language, words) => {
      const text = consentText({ language, brandName: 'X', buyers: [], topic: 'traffic-ticket' });
      expect(text).toContain(words);
      expect(text).not.toMatch(/accident/i);
    },
  );

  it.each(['en', 'es'] as const)('%s has as many clauses (sentences and commas) in both topics', (language) => {
    const clauses = (text: string) => text.split(/[.,]/).length;
    const en = consentText({ language: 'en', brandName: 'X', buyers: ['A', 'B'], topic: 'accident' });
    const other = consentText({ language, brandName: 'X', buyers: ['A', 'B'], topic: 'accident' });
    expect(clauses(other)).toBe(clauses(en));
  });

  it.each([
    ['en', ['Firm A'], 'and its affiliated attorneys, including Firm A, may contact me'],
    ['en', ['Firm A', 'Firm B', 'Firm C'], 'including Firm A, Firm B and Firm C, may contact me'],
    ['es', ['Bufete A', 'Bufete B'], 'y sus abogados afiliados, incluidos Bufete A y Bufete B, me contacten'],
  ] as const)('%s names the buyers %j', (language, buyers, words) => {
    expect(consentText({ language, brandName: 'X', buyers, topic: 'accident' })).toContain(words);
  });

  it.each([
    ['accidentclaimcheck.com', 'claim-check'],
    ['www.injurycasefinder.com:443', 'injury-finder'],
    ['INJURYCASEFINDER.COM', 'injury-finder'],
    ['notinjurycasefinder.com', 'claim-check'],
    ['127.0.0.1:3000', 'claim-check'],
  ])('host %s is brand %s', (host, id) => {
    expect(brandIdentityForHost(host).id).toBe(id);
  });
});
