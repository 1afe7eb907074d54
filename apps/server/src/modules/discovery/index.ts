// The discovery module's surface for other modules: the row a catalogue card is made from.
export type { CatalogueRow } from './queries.js';
