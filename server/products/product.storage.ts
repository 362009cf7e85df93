import { col } from '../resources/column';
import type { Storage } from '../resources/storage';

/** Products have a table of their own: order entry and pricing look them up by code (migration 003). */
export const productStorages = {
  product: {
    table: 'product',
    columns: {
      pn: col('product_code'),
      Name: col('name'),
      ExtProductCategory_SDK: col('category'),
      ExtStandardPrice_SDK: col('standard_price', 'numeric'),
    },
    defaultSort: 'pn',
    keywordFields: ['pn', 'Name', 'ProductModel'],
    createRequires: ['pn', 'Name'],
  },
} satisfies Record<string, Omit<Storage, 'shared'>>;
