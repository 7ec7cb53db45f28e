type Label = { zh_CN: string; en_US: string };

/** Products a feedback is about (dictionary group `product`); feedback names one of these keys. */
export const products = {
  cdn: { zh_CN: 'CDN', en_US: 'CDN' },
  dcdn: { zh_CN: '全站加速', en_US: 'Dynamic acceleration' },
  cert: { zh_CN: '证书服务', en_US: 'Certificate service' },
  storage: { zh_CN: '对象存储', en_US: 'Object storage' },
  waf: { zh_CN: 'Web 应用防火墙', en_US: 'Web application firewall' },
  console: { zh_CN: '控制台', en_US: 'Console' },
} as const satisfies Record<string, Label>;
export type ProductKey = keyof typeof products;
export const productKeys = Object.keys(products) as [ProductKey, ...ProductKey[]];

/**
 * The enumeration dictionary (spec §3 "dict": code → label), served by GET /v3/common/enum/lists
 * in the caller's language. The server seeds it from this table so both sides agree on codes.
 */
export const dictionary: Record<string, Record<string, Label>> = {
  domain_status: {
    active: { zh_CN: '已启动', en_US: 'Active' },
    hung_up: { zh_CN: '已挂起', en_US: 'Suspended' },
    deleted: { zh_CN: '已删除', en_US: 'Deleted' },
  },
  service_type: {
    web: { zh_CN: '网页加速', en_US: 'Web acceleration' },
    download: { zh_CN: '下载加速', en_US: 'Download acceleration' },
    video: { zh_CN: '点播加速', en_US: 'Video on demand' },
  },
  area: {
    '1': { zh_CN: '中国内地', en_US: 'China Mainland' },
    '2': { zh_CN: '全球', en_US: 'Global' },
    '3': { zh_CN: '全球（不含中国内地）', en_US: 'Outside China Mainland' },
  },
  business_type: {
    web: { zh_CN: '网站', en_US: 'Website' },
    image: { zh_CN: '图片小文件', en_US: 'Images and small files' },
    large_file: { zh_CN: '大文件下载', en_US: 'Large file download' },
    streaming: { zh_CN: '音视频点播', en_US: 'Audio and video on demand' },
  },
  billing_mode: {
    flow: { zh_CN: '按流量计费', en_US: 'Traffic billing' },
    bandwidth: { zh_CN: '按带宽计费', en_US: 'Bandwidth billing' },
    requests: { zh_CN: '按请求数计费', en_US: 'Request billing' },
  },
  // spec §9 billing types (src/contract/traffic-package.ts `billingTypes`).
  billing_type: {
    traffic: { zh_CN: '按流量', en_US: 'By traffic' },
    bandwidth_p95: { zh_CN: '月 95 峰值', en_US: 'Monthly 95th percentile' },
    bandwidth_fourth_peak: { zh_CN: '月第四峰值', en_US: 'Monthly fourth peak' },
    bandwidth_peak: { zh_CN: '月峰值', en_US: 'Monthly peak' },
    bandwidth_mean: { zh_CN: '月平均带宽', en_US: 'Monthly mean bandwidth' },
    daily_peak_mean: { zh_CN: '日峰值月平均', en_US: 'Mean of daily peaks' },
    daily_p95_mean: { zh_CN: '日 95 峰值月平均', en_US: 'Mean of daily 95th percentiles' },
    daily_peak: { zh_CN: '按日峰值', en_US: 'Daily peak' },
    requests: { zh_CN: '按请求数', en_US: 'By requests' },
    pv: { zh_CN: '按 PV', en_US: 'By page views' },
  },
  feedback_type: {
    suggestion: { zh_CN: '产品建议', en_US: 'Suggestion' },
    defect: { zh_CN: '功能缺陷', en_US: 'Functional defect' },
    bug: { zh_CN: '程序错误', en_US: 'Bug' },
    other: { zh_CN: '其他', en_US: 'Other' },
  },
  product: products,
  service_status: {
    not_open: { zh_CN: '未开通', en_US: 'Not open' },
    auditing: { zh_CN: '审核中', en_US: 'Under review' },
    open: { zh_CN: '已开通', en_US: 'Open' },
  },
};

/** The codes of the domain's enumerations, for forms and filters (labels come from the dictionary). */
export const serviceTypes = Object.keys(dictionary.service_type ?? {});
export const areas = Object.keys(dictionary.area ?? {});
export const businessTypes = Object.keys(dictionary.business_type ?? {});
