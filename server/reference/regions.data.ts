export interface Region {
  code: string;
  nameZh: string;
  nameEn: string;
}
export interface Province extends Region {
  /** Short name used in company names (江苏省 → 江苏). */
  short: string;
  /** Sales region (大区) of the vendor organisation. */
  area: string;
  cities: Region[];
}

/**
 * Mainland China's 31 provincial divisions with GB/T 2260 codes and their prefecture-level cities
 * (the districts for the four municipalities). Each line: `code:中文:English:sales area=`, then the
 * cities as `code:中文:English` separated by `|`.
 */
const DATA: string[] = [
  '110000:北京市:Beijing:华北=110101:东城区:Dongcheng|110102:西城区:Xicheng|110105:朝阳区:Chaoyang|110106:丰台区:Fengtai|110107:石景山区:Shijingshan|110108:海淀区:Haidian|110109:门头沟区:Mentougou|110111:房山区:Fangshan|110112:通州区:Tongzhou|110113:顺义区:Shunyi|110114:昌平区:Changping|110115:大兴区:Daxing|110116:怀柔区:Huairou|110117:平谷区:Pinggu|110118:密云区:Miyun|110119:延庆区:Yanqing',
  '120000:天津市:Tianjin:华北=120101:和平区:Heping|120102:河东区:Hedong|120103:河西区:Hexi|120104:南开区:Nankai|120105:河北区:Hebei District|120106:红桥区:Hongqiao|120110:东丽区:Dongli|120111:西青区:Xiqing|120112:津南区:Jinnan|120113:北辰区:Beichen|120114:武清区:Wuqing|120115:宝坻区:Baodi|120116:滨海新区:Binhai|120117:宁河区:Ninghe|120118:静海区:Jinghai|120119:蓟州区:Jizhou',
  '130000:河北省:Hebei:华北=130100:石家庄市:Shijiazhuang|130200:唐山市:Tangshan|130300:秦皇岛市:Qinhuangdao|130400:邯郸市:Handan|130500:邢台市:Xingtai|130600:保定市:Baoding|130700:张家口市:Zhangjiakou|130800:承德市:Chengde|130900:沧州市:Cangzhou|131000:廊坊市:Langfang|131100:衡水市:Hengshui',
  '140000:山西省:Shanxi:华北=140100:太原市:Taiyuan|140200:大同市:Datong|140300:阳泉市:Yangquan|140400:长治市:Changzhi|140500:晋城市:Jincheng|140600:朔州市:Shuozhou|140700:晋中市:Jinzhong|140800:运城市:Yuncheng|140900:忻州市:Xinzhou|141000:临汾市:Linfen|141100:吕梁市:Lvliang',
  '150000:内蒙古自治区:Inner Mongolia:华北=150100:呼和浩特市:Hohhot|150200:包头市:Baotou|150300:乌海市:Wuhai|150400:赤峰市:Chifeng|150500:通辽市:Tongliao|150600:鄂尔多斯市:Ordos|150700:呼伦贝尔市:Hulunbuir|150800:巴彦淖尔市:Bayannur|150900:乌兰察布市:Ulanqab|152200:兴安盟:Hinggan League|152500:锡林郭勒盟:Xilingol League|152900:阿拉善盟:Alxa League',
  '210000:辽宁省:Liaoning:东北=210100:沈阳市:Shenyang|210200:大连市:Dalian|210300:鞍山市:Anshan|210400:抚顺市:Fushun|210500:本溪市:Benxi|210600:丹东市:Dandong|210700:锦州市:Jinzhou|210800:营口市:Yingkou|210900:阜新市:Fuxin|211000:辽阳市:Liaoyang|211100:盘锦市:Panjin|211200:铁岭市:Tieling|211300:朝阳市:Chaoyang|211400:葫芦岛市:Huludao',
  '220000:吉林省:Jilin:东北=220100:长春市:Changchun|220200:吉林市:Jilin City|220300:四平市:Siping|220400:辽源市:Liaoyuan|220500:通化市:Tonghua|220600:白山市:Baishan|220700:松原市:Songyuan|220800:白城市:Baicheng|222400:延边朝鲜族自治州:Yanbian Korean Autonomous Prefecture',
  '230000:黑龙江省:Heilongjiang:东北=230100:哈尔滨市:Harbin|230200:齐齐哈尔市:Qiqihar|230300:鸡西市:Jixi|230400:鹤岗市:Hegang|230500:双鸭山市:Shuangyashan|230600:大庆市:Daqing|230700:伊春市:Yichun|230800:佳木斯市:Jiamusi|230900:七台河市:Qitaihe|231000:牡丹江市:Mudanjiang|231100:黑河市:Heihe|231200:绥化市:Suihua|232700:大兴安岭地区:Greater Khingan',
  "310000:上海市:Shanghai:华东=310101:黄浦区:Huangpu|310104:徐汇区:Xuhui|310105:长宁区:Changning|310106:静安区:Jing'an|310107:普陀区:Putuo|310109:虹口区:Hongkou|310110:杨浦区:Yangpu|310112:闵行区:Minhang|310113:宝山区:Baoshan|310114:嘉定区:Jiading|310115:浦东新区:Pudong|310116:金山区:Jinshan|310117:松江区:Songjiang|310118:青浦区:Qingpu|310120:奉贤区:Fengxian|310151:崇明区:Chongming",
  "320000:江苏省:Jiangsu:华东=320100:南京市:Nanjing|320200:无锡市:Wuxi|320300:徐州市:Xuzhou|320400:常州市:Changzhou|320500:苏州市:Suzhou|320600:南通市:Nantong|320700:连云港市:Lianyungang|320800:淮安市:Huai'an|320900:盐城市:Yancheng|321000:扬州市:Yangzhou|321100:镇江市:Zhenjiang|321200:泰州市:Taizhou|321300:宿迁市:Suqian",
  '330000:浙江省:Zhejiang:华东=330100:杭州市:Hangzhou|330200:宁波市:Ningbo|330300:温州市:Wenzhou|330400:嘉兴市:Jiaxing|330500:湖州市:Huzhou|330600:绍兴市:Shaoxing|330700:金华市:Jinhua|330800:衢州市:Quzhou|330900:舟山市:Zhoushan|331000:台州市:Taizhou|331100:丽水市:Lishui',
  "340000:安徽省:Anhui:华东=340100:合肥市:Hefei|340200:芜湖市:Wuhu|340300:蚌埠市:Bengbu|340400:淮南市:Huainan|340500:马鞍山市:Ma'anshan|340600:淮北市:Huaibei|340700:铜陵市:Tongling|340800:安庆市:Anqing|341000:黄山市:Huangshan|341100:滁州市:Chuzhou|341200:阜阳市:Fuyang|341300:宿州市:Suzhou|341500:六安市:Lu'an|341600:亳州市:Bozhou|341700:池州市:Chizhou|341800:宣城市:Xuancheng",
  '350000:福建省:Fujian:华东=350100:福州市:Fuzhou|350200:厦门市:Xiamen|350300:莆田市:Putian|350400:三明市:Sanming|350500:泉州市:Quanzhou|350600:漳州市:Zhangzhou|350700:南平市:Nanping|350800:龙岩市:Longyan|350900:宁德市:Ningde',
  "360000:江西省:Jiangxi:华中=360100:南昌市:Nanchang|360200:景德镇市:Jingdezhen|360300:萍乡市:Pingxiang|360400:九江市:Jiujiang|360500:新余市:Xinyu|360600:鹰潭市:Yingtan|360700:赣州市:Ganzhou|360800:吉安市:Ji'an|360900:宜春市:Yichun|361000:抚州市:Fuzhou|361100:上饶市:Shangrao",
  "370000:山东省:Shandong:华东=370100:济南市:Jinan|370200:青岛市:Qingdao|370300:淄博市:Zibo|370400:枣庄市:Zaozhuang|370500:东营市:Dongying|370600:烟台市:Yantai|370700:潍坊市:Weifang|370800:济宁市:Jining|370900:泰安市:Tai'an|371000:威海市:Weihai|371100:日照市:Rizhao|371300:临沂市:Linyi|371400:德州市:Dezhou|371500:聊城市:Liaocheng|371600:滨州市:Binzhou|371700:菏泽市:Heze",
  '410000:河南省:Henan:华中=410100:郑州市:Zhengzhou|410200:开封市:Kaifeng|410300:洛阳市:Luoyang|410400:平顶山市:Pingdingshan|410500:安阳市:Anyang|410600:鹤壁市:Hebi|410700:新乡市:Xinxiang|410800:焦作市:Jiaozuo|410900:濮阳市:Puyang|411000:许昌市:Xuchang|411100:漯河市:Luohe|411200:三门峡市:Sanmenxia|411300:南阳市:Nanyang|411400:商丘市:Shangqiu|411500:信阳市:Xinyang|411600:周口市:Zhoukou|411700:驻马店市:Zhumadian',
  '420000:湖北省:Hubei:华中=420100:武汉市:Wuhan|420200:黄石市:Huangshi|420300:十堰市:Shiyan|420500:宜昌市:Yichang|420600:襄阳市:Xiangyang|420700:鄂州市:Ezhou|420800:荆门市:Jingmen|420900:孝感市:Xiaogan|421000:荆州市:Jingzhou|421100:黄冈市:Huanggang|421200:咸宁市:Xianning|421300:随州市:Suizhou|422800:恩施土家族苗族自治州:Enshi Tujia and Miao Autonomous Prefecture',
  '430000:湖南省:Hunan:华中=430100:长沙市:Changsha|430200:株洲市:Zhuzhou|430300:湘潭市:Xiangtan|430400:衡阳市:Hengyang|430500:邵阳市:Shaoyang|430600:岳阳市:Yueyang|430700:常德市:Changde|430800:张家界市:Zhangjiajie|430900:益阳市:Yiyang|431000:郴州市:Chenzhou|431100:永州市:Yongzhou|431200:怀化市:Huaihua|431300:娄底市:Loudi|433100:湘西土家族苗族自治州:Xiangxi Tujia and Miao Autonomous Prefecture',
  '440000:广东省:Guangdong:华南=440100:广州市:Guangzhou|440200:韶关市:Shaoguan|440300:深圳市:Shenzhen|440400:珠海市:Zhuhai|440500:汕头市:Shantou|440600:佛山市:Foshan|440700:江门市:Jiangmen|440800:湛江市:Zhanjiang|440900:茂名市:Maoming|441200:肇庆市:Zhaoqing|441300:惠州市:Huizhou|441400:梅州市:Meizhou|441500:汕尾市:Shanwei|441600:河源市:Heyuan|441700:阳江市:Yangjiang|441800:清远市:Qingyuan|441900:东莞市:Dongguan|442000:中山市:Zhongshan|445100:潮州市:Chaozhou|445200:揭阳市:Jieyang|445300:云浮市:Yunfu',
  '450000:广西壮族自治区:Guangxi:华南=450100:南宁市:Nanning|450200:柳州市:Liuzhou|450300:桂林市:Guilin|450400:梧州市:Wuzhou|450500:北海市:Beihai|450600:防城港市:Fangchenggang|450700:钦州市:Qinzhou|450800:贵港市:Guigang|450900:玉林市:Yulin|451000:百色市:Baise|451100:贺州市:Hezhou|451200:河池市:Hechi|451300:来宾市:Laibin|451400:崇左市:Chongzuo',
  '460000:海南省:Hainan:华南=460100:海口市:Haikou|460200:三亚市:Sanya|460300:三沙市:Sansha|460400:儋州市:Danzhou',
  "500000:重庆市:Chongqing:西南=500101:万州区:Wanzhou|500103:渝中区:Yuzhong|500104:大渡口区:Dadukou|500105:江北区:Jiangbei|500106:沙坪坝区:Shapingba|500107:九龙坡区:Jiulongpo|500108:南岸区:Nan'an|500109:北碚区:Beibei|500112:渝北区:Yubei|500113:巴南区:Banan",
  "510000:四川省:Sichuan:西南=510100:成都市:Chengdu|510300:自贡市:Zigong|510400:攀枝花市:Panzhihua|510500:泸州市:Luzhou|510600:德阳市:Deyang|510700:绵阳市:Mianyang|510800:广元市:Guangyuan|510900:遂宁市:Suining|511000:内江市:Neijiang|511100:乐山市:Leshan|511300:南充市:Nanchong|511400:眉山市:Meishan|511500:宜宾市:Yibin|511600:广安市:Guang'an|511700:达州市:Dazhou|511800:雅安市:Ya'an|511900:巴中市:Bazhong|512000:资阳市:Ziyang|513200:阿坝藏族羌族自治州:Ngawa Tibetan and Qiang Autonomous Prefecture|513300:甘孜藏族自治州:Garze Tibetan Autonomous Prefecture|513400:凉山彝族自治州:Liangshan Yi Autonomous Prefecture",
  '520000:贵州省:Guizhou:西南=520100:贵阳市:Guiyang|520200:六盘水市:Liupanshui|520300:遵义市:Zunyi|520400:安顺市:Anshun|520500:毕节市:Bijie|520600:铜仁市:Tongren|522300:黔西南布依族苗族自治州:Qianxinan Buyei and Miao Autonomous Prefecture|522600:黔东南苗族侗族自治州:Qiandongnan Miao and Dong Autonomous Prefecture|522700:黔南布依族苗族自治州:Qiannan Buyei and Miao Autonomous Prefecture',
  "530000:云南省:Yunnan:西南=530100:昆明市:Kunming|530300:曲靖市:Qujing|530400:玉溪市:Yuxi|530500:保山市:Baoshan|530600:昭通市:Zhaotong|530700:丽江市:Lijiang|530800:普洱市:Pu'er|530900:临沧市:Lincang|532300:楚雄彝族自治州:Chuxiong Yi Autonomous Prefecture|532500:红河哈尼族彝族自治州:Honghe Hani and Yi Autonomous Prefecture|532600:文山壮族苗族自治州:Wenshan Zhuang and Miao Autonomous Prefecture|532800:西双版纳傣族自治州:Xishuangbanna Dai Autonomous Prefecture|532900:大理白族自治州:Dali Bai Autonomous Prefecture|533100:德宏傣族景颇族自治州:Dehong Dai and Jingpo Autonomous Prefecture|533300:怒江傈僳族自治州:Nujiang Lisu Autonomous Prefecture|533400:迪庆藏族自治州:Diqing Tibetan Autonomous Prefecture",
  '540000:西藏自治区:Tibet:西南=540100:拉萨市:Lhasa|540200:日喀则市:Shigatse|540300:昌都市:Qamdo|540400:林芝市:Nyingchi|540500:山南市:Shannan|540600:那曲市:Nagqu|542500:阿里地区:Ngari',
  "610000:陕西省:Shaanxi:西北=610100:西安市:Xi'an|610200:铜川市:Tongchuan|610300:宝鸡市:Baoji|610400:咸阳市:Xianyang|610500:渭南市:Weinan|610600:延安市:Yan'an|610700:汉中市:Hanzhong|610800:榆林市:Yulin|610900:安康市:Ankang|611000:商洛市:Shangluo",
  '620000:甘肃省:Gansu:西北=620100:兰州市:Lanzhou|620200:嘉峪关市:Jiayuguan|620300:金昌市:Jinchang|620400:白银市:Baiyin|620500:天水市:Tianshui|620600:武威市:Wuwei|620700:张掖市:Zhangye|620800:平凉市:Pingliang|620900:酒泉市:Jiuquan|621000:庆阳市:Qingyang|621100:定西市:Dingxi|621200:陇南市:Longnan|622900:临夏回族自治州:Linxia Hui Autonomous Prefecture|623000:甘南藏族自治州:Gannan Tibetan Autonomous Prefecture',
  '630000:青海省:Qinghai:西北=630100:西宁市:Xining|630200:海东市:Haidong|632200:海北藏族自治州:Haibei Tibetan Autonomous Prefecture|632300:黄南藏族自治州:Huangnan Tibetan Autonomous Prefecture|632500:海南藏族自治州:Hainan Tibetan Autonomous Prefecture|632600:果洛藏族自治州:Golog Tibetan Autonomous Prefecture|632700:玉树藏族自治州:Yushu Tibetan Autonomous Prefecture|632800:海西蒙古族藏族自治州:Haixi Mongol and Tibetan Autonomous Prefecture',
  '640000:宁夏回族自治区:Ningxia:西北=640100:银川市:Yinchuan|640200:石嘴山市:Shizuishan|640300:吴忠市:Wuzhong|640400:固原市:Guyuan|640500:中卫市:Zhongwei',
  '650000:新疆维吾尔自治区:Xinjiang:西北=650100:乌鲁木齐市:Urumqi|650200:克拉玛依市:Karamay|650400:吐鲁番市:Turpan|650500:哈密市:Hami|652300:昌吉回族自治州:Changji Hui Autonomous Prefecture|652700:博尔塔拉蒙古自治州:Bortala Mongol Autonomous Prefecture|652800:巴音郭楞蒙古自治州:Bayingolin Mongol Autonomous Prefecture|652900:阿克苏地区:Aksu|653000:克孜勒苏柯尔克孜自治州:Kizilsu Kirghiz Autonomous Prefecture|653100:喀什地区:Kashgar|653200:和田地区:Hotan|654000:伊犁哈萨克自治州:Ili Kazakh Autonomous Prefecture|654200:塔城地区:Tacheng|654300:阿勒泰地区:Altay',
];

const SUFFIXES = ['维吾尔自治区', '壮族自治区', '回族自治区', '自治区', '省', '市'];
const shortName = (name: string) => {
  const suffix = SUFFIXES.find((s) => name.endsWith(s));
  return suffix ? name.slice(0, -suffix.length) : name;
};

export const provinces: Province[] = DATA.map((line) => {
  const [head, cities] = line.split('=');
  const [code, nameZh, nameEn, area] = head.split(':');
  return {
    code,
    nameZh,
    nameEn,
    area,
    short: shortName(nameZh),
    cities: cities.split('|').map((entry) => {
      const [cityCode, cityZh, cityEn] = entry.split(':');
      return { code: cityCode, nameZh: cityZh, nameEn: cityEn };
    }),
  };
});

const byCode = new Map<string, Province>(provinces.map((p) => [p.code, p]));
export const provinceOf = (code: string): Province => {
  const province = byCode.get(code);
  if (!province) throw new RangeError(`No province ${code}`);
  return province;
};
const cities = new Map<string, Region>(provinces.flatMap((p) => p.cities.map((c) => [c.code, c] as const)));
export const cityOf = (code: string): Region => {
  const city = cities.get(code);
  if (!city) throw new RangeError(`No city ${code}`);
  return city;
};
const MUNICIPALITIES: Record<string, string> = { '11': '北京', '12': '天津', '31': '上海', '50': '重庆' };
/** The place name a company there carries (苏州市 → 苏州; 延边朝鲜族自治州 → 延边; 浦东新区 → 上海). */
export const cityShort = (city: Region) =>
  MUNICIPALITIES[city.code.slice(0, 2)] ??
  (city.nameZh.includes('自治州') ? city.nameZh.slice(0, 2) : city.nameZh.replace(/(地区|市|盟)$/, ''));
