import { Brand } from '../../domain/codes/products.codes';
/**
 * The invented models and parts of the configured-product catalogue (server/seed/cpq-catalogue.seed.ts):
 * each model's two configurations as lists of parts, and the parts with their list prices in yuan.
 */
/** A model: its place in the tree, the CPUs it takes, its chassis and the two configurations sold. */
export interface ModelDef {
  code: string;
  name: string;
  platform: string;
  brand: string;
  type: 'SRV' | 'STO';
  chassisPrice: number;
  /** Base and performance configurations: [suffix, name, cpu short name, cpu count, lines]. */
  configs: [string, string, string | null, number, [string, number][]][];
}

/** A bill of materials as a quote writes it, `MEM32*2 SSD960*2 RAID8I`: a part without a count is one. */
const bom = (text: string): [string, number][] =>
  text.split(' ').map((part) => [part.split('*')[0], Number(part.split('*')[1] ?? 1)]);

const model = (
  code: string,
  name: string,
  platform: string,
  brand: string,
  type: ModelDef['type'],
  chassisPrice: number,
  configs: ModelDef['configs'],
): ModelDef => ({ code, name, platform, brand, type, chassisPrice, configs });

export const MODELS: ModelDef[] = [
  model('SR1100G5', 'SR1100 G5 单路机架服务器', 'X86', Brand.ownBrand, 'SRV', 9_800, [
    ['B', '基础型', '4410Y', 1, bom('MEM32*2 SSD960*2 RAID8I NIC1G4 PSU800*2 RAIL')],
    ['P', '标准型', '4514Y', 1, bom('MEM32*4 SSD960*2 HDD4T*4 RAID8I NIC25G2 PSU800*2 RAIL')],
  ]),
  model('SR2200G6', 'SR2200 G6 双路机架服务器', 'X86', Brand.ownBrand, 'SRV', 16_500, [
    ['B', '基础型', '5418Y', 2, bom('MEM32*8 SSD960*2 HDD8T*4 RAID16I NIC25G2 PSU1300*2 RAIL')],
    ['P', '高性能型', '6438Y+', 2, bom('MEM64*16 SSD960*2 NVME3T8*4 RAID16I NIC25G2*2 PSU1300*2 RAIL')],
  ]),
  model('SR4400G5', 'SR4400 G5 四路机架服务器', 'X86', Brand.ownBrand, 'SRV', 42_000, [
    ['B', '数据库型', '8452Y', 4, bom('MEM64*32 SSD960*2 NVME3T8*8 RAID16I NIC25G2*2 PSU1600*4 RAIL')],
    ['P', '内存计算型', '8468', 4, bom('MEM64*48 SSD960*2 NVME3T8*8 RAID16I NIC100G2*2 PSU1600*4 RAIL')],
  ]),
  model('SR2200HG5', 'SR2200H G5 海光双路服务器', 'HYGON', Brand.ownBrand, 'SRV', 15_800, [
    ['B', '信创基础型', '7360', 2, bom('MEM32*8 SSD960*2 HDD4T*4 RAID8I NIC1G4 PSU1300*2 RAIL')],
    ['P', '信创高性能型', '7490', 2, bom('MEM64*16 SSD960*2 NVME3T8*4 RAID16I NIC25G2 PSU1300*2 RAIL')],
  ]),
  model('SR2200KG5', 'SR2200K G5 鲲鹏双路服务器', 'ARM', Brand.ownBrand, 'SRV', 14_600, [
    ['B', '信创基础型', '5220', 2, bom('MEM32*8 SSD960*2 HDD4T*4 RAID8I NIC1G4 PSU1300*2 RAIL')],
    ['P', '信创高性能型', '7260', 2, bom('MEM64*16 SSD960*2 NVME3T8*4 RAID16I NIC25G2 PSU1300*2 RAIL')],
  ]),
  model('ST3000', 'ST3000 统一存储', 'X86', Brand.ownBrand, 'STO', 68_000, [
    ['B', '双控 100TB', null, 0, bom('CTRL2 HDD8T*16 SSD960*4 FC32G4*2 PSU1300*2 RAIL')],
    ['P', '双控 200TB 含扩展柜', null, 0, bom('CTRL2 HDD8T*28 SSD960*6 DAE24 FC32G4*2 PSU1300*4 RAIL*2')],
  ]),
  model('ST5000', 'ST5000 全闪存储', 'X86', Brand.ownBrand, 'STO', 158_000, [
    ['B', '双控全闪 46TB', null, 0, bom('CTRL2 NVME3T8*12 FC32G4*2 NIC25G2*2 PSU1600*2 RAIL')],
    ['P', '四控全闪 92TB', null, 0, bom('CTRL2*2 NVME3T8*24 FC32G4*4 NIC100G2*2 PSU1600*4 RAIL*2')],
  ]),
  model('PR2700G5', 'PR2700 G5 合作品牌双路服务器', 'X86', Brand.partnerBrand, 'SRV', 15_200, [
    ['B', '基础型', '4510', 2, bom('MEM32*8 SSD960*2 HDD4T*4 RAID8I NIC1G4 PSU800*2 RAIL')],
    ['P', '虚拟化型', '6430', 2, bom('MEM64*16 SSD960*2 NVME3T8*4 RAID16I NIC25G2*2 PSU1300*2 RAIL')],
  ]),
  model('PR4900G5', 'PR4900 G5 合作品牌大容量服务器', 'X86', Brand.partnerBrand, 'SRV', 19_600, [
    ['B', '存储型', '5420+', 2, bom('MEM32*8 SSD960*2 HDD8T*12 RAID16I NIC25G2 PSU1300*2 RAIL')],
    ['P', '大数据型', '6530', 2, bom('MEM64*16 SSD960*2 HDD8T*24 RAID16I NIC25G2*2 PSU1600*2 RAIL')],
  ]),
];

/** The parts other than processors: [key, type, description, list price in yuan]. */
export const PARTS: [string, string, string, number][] = [
  ['MEM32', 'MEM', '32GB DDR5-4800 RDIMM 内存', 1_650],
  ['MEM64', 'MEM', '64GB DDR5-4800 RDIMM 内存', 3_100],
  ['SSD960', 'SSD', '960GB SATA 读密集型固态硬盘', 1_380],
  ['NVME3T8', 'SSD', '3.84TB NVMe U.2 固态硬盘', 6_900],
  ['HDD4T', 'HDD', '4TB 7.2K SATA 3.5英寸硬盘', 1_250],
  ['HDD8T', 'HDD', '8TB 7.2K SATA 3.5英寸硬盘', 2_150],
  ['RAID8I', 'RAID', '8口 SAS/SATA RAID卡 2GB缓存', 2_600],
  ['RAID16I', 'RAID', '16口 SAS/SATA RAID卡 4GB缓存', 4_300],
  ['NIC1G4', 'NIC', '4口千兆电口网卡', 900],
  ['NIC25G2', 'NIC', '2口25GE光口网卡（含模块）', 3_200],
  ['NIC100G2', 'NIC', '2口100GE光口网卡（含模块）', 9_800],
  ['FC32G4', 'HBA', '4口32Gb FC主机接口卡', 8_600],
  ['CTRL2', 'CTRL', '双控制器框（含缓存128GB）', 86_000],
  ['DAE24', 'DAE', '24盘位硬盘扩展柜', 18_500],
  ['PSU800', 'PSU', '800W 铂金电源', 760],
  ['PSU1300', 'PSU', '1300W 铂金电源', 1_150],
  ['PSU1600', 'PSU', '1600W 铂金电源', 1_480],
  ['RAIL', 'RAIL', '免工具滑轨套件', 420],
];
