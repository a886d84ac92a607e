import type { Catalog } from '../catalog';
/** Spanish (spec §1: /survey/es, surveyes, /survey/v4nv-es, and thank-you pages with lang=es). */
export declare const catalog: Catalog;
