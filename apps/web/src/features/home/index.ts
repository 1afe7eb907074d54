// What other features use of home: the catalogue's lists of dramas.
export { useDramas } from './api/get-dramas';
