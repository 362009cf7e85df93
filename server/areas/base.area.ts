import { afterCityManagerConfigWrite } from '../identity/city-manager-config.rules';
import { productPull } from '../partner/product-pull.job';
import { productStorages } from '../products/product.storage';
import { type AreaParts, defineArea, stored } from './area';

/** Base data: products, regions, dictionaries, city-manager configuration. */
export const baseArea = defineArea(
  'base',
  (): AreaParts<'base'> => ({
    resources: {
      ...stored(productStorages),
      // A configuration row decides a city manager's scope: one real city, one real city manager.
      cityManagerConfig: { afterWrite: afterCityManagerConfigWrite, demo: 'story' },
    },
    jobs: { productPull },
  }),
);
