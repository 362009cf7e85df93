import { type CodeOf, defineCodes } from './code';

/** Products (SPEC §3 "Product"): brand, category, pattern, model. */

export const Brand = defineCodes({
  ownBrand: ['101', '自有品牌', 'Own brand'],
  partnerBrand: ['111', '合作品牌', 'Partner brand'],
});
export type Brand = CodeOf<typeof Brand>;

export const ProductCategory = defineCodes({
  servers: ['101', '服务器', 'Servers'],
  storage: ['111', '存储', 'Storage'],
  desktops: ['121', '台式机', 'Desktops'],
  laptops: ['131', '笔记本', 'Laptops'],
  switches: ['141', '交换机', 'Switches'],
  routers: ['151', '路由器', 'Routers'],
  wirelessAps: ['161', '无线AP', 'Wireless APs'],
  firewalls: ['171', '防火墙', 'Firewalls'],
  services: ['181', '服务', 'Services'],
});
export type ProductCategory = CodeOf<typeof ProductCategory>;

export const ProductPattern = defineCodes({
  standard: ['101', '标准品', 'Standard product'],
  configured: ['111', '配置品（CPQ）', 'Configured product (CPQ)'],
  service: ['121', '服务产品', 'Service product'],
  sparePart: ['131', '备件', 'Spare part'],
});
export type ProductPattern = CodeOf<typeof ProductPattern>;

export const ProductModel = defineCodes({
  sr2200: ['101', 'SR2200 双路机架服务器', 'SR2200 dual-socket rack server'],
  sr4400: ['111', 'SR4400 四路机架服务器', 'SR4400 quad-socket rack server'],
  st3000: ['121', 'ST3000 统一存储', 'ST3000 unified storage'],
  dt560: ['131', 'DT560 商用台式机', 'DT560 business desktop'],
  nb14Pro: ['141', 'NB14 Pro 商用笔记本', 'NB14 Pro business laptop'],
  sw3348p: ['151', 'SW3348P 千兆接入交换机', 'SW3348P gigabit access switch'],
  rt800: ['161', 'RT800 企业路由器', 'RT800 enterprise router'],
  ap620: ['171', 'AP620 室内无线AP', 'AP620 indoor wireless AP'],
  fw1600: ['181', 'FW1600 下一代防火墙', 'FW1600 next-generation firewall'],
});
export type ProductModel = CodeOf<typeof ProductModel>;
