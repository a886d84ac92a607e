import { describe, expect, it } from 'vitest';
import { lighthouseRows, type LighthousePage } from '../lighthouse-rows';

const all100 = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };

describe('lighthouseRows', () => {
  it('heads the table with each category and its budget', () => {
    expect(lighthouseRows([]).slice(0, 2)).toEqual([
      '| page | performance (≥ 95) | accessibility (≥ 100) | best practices (≥ 100) | SEO (≥ 100) |',
      '|---|---|---|---|---|',
    ]);
  });

  it.each<{ what: string; page: LighthousePage; rows: string[] }>([
    {
      what: 'a page within every budget, no notes',
      page: { name: '/', scores: { ...all100, performance: 95 }, failing: ['performance: speed-index 0.9 (2.1 s)'] },
      rows: ['| / | 95 | 100 | 100 | 100 |'],
    },
    {
      what: 'a page under budget: marked, with the audits of the categories under budget only',
      page: {
        name: '/survey',
        scores: { ...all100, performance: 78, 'best-practices': 96 },
        failing: [
          'performance: total-blocking-time 0.28 (980 ms)',
          'best-practices: inspector-issues 0',
          'seo: never-listed 0.5',
        ],
      },
      rows: [
        '| /survey | **78** (under 95) | 100 | **96** (under 100) | 100 |',
        '',
        'Audits that cost points where a page is under budget:',
        '',
        '- /survey: performance: total-blocking-time 0.28 (980 ms); best-practices: inspector-issues 0',
      ],
    },
    {
      what: "Lighthouse's runtime error, of no category, is shown",
      page: {
        name: '/y',
        scores: { performance: null, accessibility: null, 'best-practices': null, seo: null },
        failing: ['runtime error ERRORED_DOCUMENT_REQUEST: status 503'],
      },
      rows: [
        '| /y | no score | no score | no score | no score |',
        '',
        'Audits that cost points where a page is under budget:',
        '',
        '- /y: runtime error ERRORED_DOCUMENT_REQUEST: status 503',
      ],
    },
    {
      what: 'a category with no score counts as under budget',
      page: { name: '/x', scores: { ...all100, seo: null }, failing: [] },
      rows: [
        '| /x | 100 | 100 | 100 | no score |',
        '',
        'Audits that cost points where a page is under budget:',
        '',
        '- /x: no audit named',
      ],
    },
  ])('$what', ({ page, rows }) => {
    expect(lighthouseRows([page]).slice(2)).toEqual(rows);
  });
});
