import type { Carrier, Region } from './traffic-constants';

/** Names of the regions, carriers and blocking rules in both languages: the screens and the exported reports say the same. */
export const regionNames: Record<Region, { zh_CN: string; en_US: string }> = {
  BJ: { zh_CN: '北京', en_US: 'Beijing' },
  TJ: { zh_CN: '天津', en_US: 'Tianjin' },
  HE: { zh_CN: '河北', en_US: 'Hebei' },
  SX: { zh_CN: '山西', en_US: 'Shanxi' },
  NM: { zh_CN: '内蒙古', en_US: 'Inner Mongolia' },
  LN: { zh_CN: '辽宁', en_US: 'Liaoning' },
  JL: { zh_CN: '吉林', en_US: 'Jilin' },
  HL: { zh_CN: '黑龙江', en_US: 'Heilongjiang' },
  SH: { zh_CN: '上海', en_US: 'Shanghai' },
  JS: { zh_CN: '江苏', en_US: 'Jiangsu' },
  ZJ: { zh_CN: '浙江', en_US: 'Zhejiang' },
  AH: { zh_CN: '安徽', en_US: 'Anhui' },
  FJ: { zh_CN: '福建', en_US: 'Fujian' },
  JX: { zh_CN: '江西', en_US: 'Jiangxi' },
  SD: { zh_CN: '山东', en_US: 'Shandong' },
  HA: { zh_CN: '河南', en_US: 'Henan' },
  HB: { zh_CN: '湖北', en_US: 'Hubei' },
  HN: { zh_CN: '湖南', en_US: 'Hunan' },
  GD: { zh_CN: '广东', en_US: 'Guangdong' },
  GX: { zh_CN: '广西', en_US: 'Guangxi' },
  HI: { zh_CN: '海南', en_US: 'Hainan' },
  CQ: { zh_CN: '重庆', en_US: 'Chongqing' },
  SC: { zh_CN: '四川', en_US: 'Sichuan' },
  GZ: { zh_CN: '贵州', en_US: 'Guizhou' },
  YN: { zh_CN: '云南', en_US: 'Yunnan' },
  XZ: { zh_CN: '西藏', en_US: 'Tibet' },
  SN: { zh_CN: '陕西', en_US: 'Shaanxi' },
  GS: { zh_CN: '甘肃', en_US: 'Gansu' },
  QH: { zh_CN: '青海', en_US: 'Qinghai' },
  NX: { zh_CN: '宁夏', en_US: 'Ningxia' },
  XJ: { zh_CN: '新疆', en_US: 'Xinjiang' },
  TW: { zh_CN: '中国台湾', en_US: 'Taiwan, China' },
  HK: { zh_CN: '中国香港', en_US: 'Hong Kong, China' },
  MO: { zh_CN: '中国澳门', en_US: 'Macao, China' },
  overseas: { zh_CN: '海外', en_US: 'Outside China' },
  unknown: { zh_CN: '未知', en_US: 'Unknown' },
};

export const carrierNames: Record<Carrier, { zh_CN: string; en_US: string }> = {
  telecom: { zh_CN: '电信', en_US: 'China Telecom' },
  unicom: { zh_CN: '联通', en_US: 'China Unicom' },
  mobile: { zh_CN: '移动', en_US: 'China Mobile' },
  edu: { zh_CN: '教育网', en_US: 'Education network' },
  other: { zh_CN: '其他运营商', en_US: 'Other carriers' },
};

export const blockRuleNames: Record<string, { zh_CN: string; en_US: string }> = {
  'ip-ban': { zh_CN: 'IP 封禁', en_US: 'IP blocking' },
  'ip-list': { zh_CN: 'IP 黑白名单', en_US: 'IP list' },
  referer: { zh_CN: 'Referer 防盗链', en_US: 'Referer list' },
  ua: { zh_CN: 'UA 黑白名单', en_US: 'UA list' },
  'url-auth': { zh_CN: 'URL 鉴权', en_US: 'URL authentication' },
  'rate-limit': { zh_CN: '频率限制', en_US: 'Rate limit' },
  other: { zh_CN: '其他规则', en_US: 'Other rules' },
};
