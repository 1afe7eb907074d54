/** A drama's normalised search texts, as the index keeps them in its search_* columns. */
export interface SearchTexts {
  search_title: string;
  search_description: string;
  search_tags: string;
  search_grams: string[];
}
