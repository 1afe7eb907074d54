/* What other console features use of the catalogue. */
export { catalogueKeys, dramaQueryOptions, dramasQueryOptions, featuredQueryOptions, saveFeatured } from './api';
export { inLocale } from './localized';
export { moveById, orderChanged } from './order';
export { DragHandle, SortableTable } from './sortable-table';
export { DramaStatusTag } from './status-tag';
