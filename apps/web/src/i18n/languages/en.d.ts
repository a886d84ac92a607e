import type { Catalog } from '../catalog';
export declare const catalog: Catalog;
