import type { Document } from 'domhandler';
import { readJsonLd } from './json-ld.js';
import { readMicrodata, readRdfa } from './microdata.js';
import type { StructuredItem } from './structured-item.js';

/** Every schema.org item a page declares, JSON-LD first, then microdata, then RDFa. */
export function readStructuredData(doc: Document): StructuredItem[] {
  return [...readJsonLd(doc), ...readMicrodata(doc), ...readRdfa(doc)];
}
