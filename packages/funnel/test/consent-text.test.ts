import { describe, expect, it } from 'vitest';
import { consentText } from '../src/consent/consent-text';
import { brandIdentityForHost } from '../src/brand/brands';

describe('consent text (one template per language, shared by the page and the server)', () => {
  it('renders the English text the page has always shown', () => {
    expect(consentText({ language: 'en', brandName: 'Accident Claim Check', buyers: [] })).toBe(
      'By clicking "Get My Free Case Review", I agree that Accident Claim Check and its attorney partners may contact me at the phone number and email I provided, including by autodialed calls, prerecorded messages and texts, about my accident claim. Consent is not a condition of any service. Message and data rates may apply.',
    );
  });

  it('renders the Spanish text the page has always shown', () => {
    expect(consentText({ language: 'es', brandName: 'Injury Case Finder', buyers: [] })).toBe(
      'Al hacer clic en "Obtener mi revisión gratuita", acepto que Injury Case Finder y sus abogados asociados me contacten al teléfono y correo electrónico que proporcioné, incluso mediante llamadas automáticas, mensajes pregrabados y textos, sobre mi reclamo por el accidente. El consentimiento no es una condición para ningún servicio. Pueden aplicarse tarifas de mensajes y datos.',
    );
  });

  it.each([
    ['en', ['Firm A'], 'and its attorney partners, including Firm A, may contact me'],
    ['en', ['Firm A', 'Firm B', 'Firm C'], 'including Firm A, Firm B and Firm C, may contact me'],
    ['es', ['Bufete A', 'Bufete B'], 'y sus abogados asociados, incluidos Bufete A y Bufete B, me contacten'],
  ] as const)('%s names the buyers %j', (language, buyers, words) => {
    expect(consentText({ language, brandName: 'X', buyers })).toContain(words);
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
