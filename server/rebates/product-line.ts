import { ProductLineInfo } from '../../domain/codes/opportunities.codes';
import { ProductCategory } from '../../domain/codes/products.codes';

/**
 * The product line (dictionary ProductLineInfo, as a maximum use ratio names it) of a product's
 * category (dictionary ProductCategory). Services and configured products belong to no line: only a
 * ratio for every line applies to them.
 */
const LINE_OF_CATEGORY: Record<string, string> = {
  [ProductCategory.servers]: ProductLineInfo.rackServers,
  [ProductCategory.storage]: ProductLineInfo.storage,
  [ProductCategory.desktops]: ProductLineInfo.desktopsAndLaptops,
  [ProductCategory.laptops]: ProductLineInfo.desktopsAndLaptops,
  [ProductCategory.switches]: ProductLineInfo.switches,
  [ProductCategory.routers]: ProductLineInfo.routers,
  [ProductCategory.wirelessAps]: ProductLineInfo.wirelessAps,
  [ProductCategory.firewalls]: ProductLineInfo.firewalls,
};

export const productLineOf = (category: string | null | undefined) =>
  (category && LINE_OF_CATEGORY[category]) || null;
