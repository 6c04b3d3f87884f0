// The portal's per-feature files are merged as every catalogue is (@forecourt/contracts/catalogue).
export { mergeCatalogues as mergeTrees, type CatalogueTree as Tree } from '@forecourt/contracts/catalogue';
