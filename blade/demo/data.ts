import type { Scheme } from '../../lib/contracts/application/machine';

/**
 * The demo institute's data set (README.md): who works there, its customers and their products. Pure data; the
 * generator (generate.ts) makes it through blade/'s calls.
 */

/** Fixed and documented: a demo logs in with it (the login form asks for the tenant id). */
export const DEMO_TENANT_ID = '880088';
export const DEMO_TENANT_NAME = '演示检测认证院';

/** Every demo account's password (upper and lower case, digits, a symbol, 12 characters). */
export const DEMO_PASSWORD = 'Demo#2026-Ex';

export const DEPARTMENTS = [
  { key: 'intake', name: '业务受理部' },
  { key: 'lab', name: '防爆检测实验室' },
  { key: 'inspection', name: '工厂检查部' },
  { key: 'certification', name: '认证评定部' },
  { key: 'finance', name: '财务部' },
  { key: 'archive', name: '档案室' },
  { key: 'quality', name: '质量管理部' },
] as const;
export type DeptKey = (typeof DEPARTMENTS)[number]['key'];

/** Roles the demo administrator makes beside the tenant's work roles (modules/paper-archive README: three views). */
export const EXTRA_ROLES = [
  {
    alias: 'demo_archivist',
    name: '档案员',
    menus: [
      'archive_manage',
      'paper_archive',
      'paper_archive_submit',
      'paper_archive_print',
      'archive_borrowing',
      'archive_borrow_manage',
    ],
  },
  {
    alias: 'demo_team_leader',
    name: '组长',
    menus: ['archive_manage', 'paper_archive', 'archive_borrowing', 'archive_borrow_approve'],
  },
  {
    alias: 'demo_borrower',
    name: '档案借阅人',
    menus: ['archive_manage', 'paper_archive', 'archive_borrowing', 'archive_borrow_apply'],
  },
  {
    alias: 'demo_lab_manager',
    name: '设备管理员',
    menus: [
      'equipment',
      'equipment_add',
      'equipment_edit',
      'equipment_delete',
      'equipment_cert',
      'equipment_use',
      'equipment_usage',
      'equipment_usage_add',
      'equipment_usage_edit',
      'equipment_usage_begin',
      'equipment_usage_end',
      'equipment_usage_exception',
    ],
  },
  {
    alias: 'demo_lab_user',
    name: '设备使用人',
    menus: [
      'equipment',
      'equipment_usage',
      'equipment_usage_add',
      'equipment_usage_begin',
      'equipment_usage_end',
    ],
  },
  {
    alias: 'demo_card_seller',
    name: '标志管理员',
    menus: [
      'card_goods',
      'card_goods_add',
      'card_goods_edit',
      'card_sale',
      'card_sale_review',
      'card_sale_reject',
      'card_sale_ship',
    ],
  },
  {
    // Business messages to colleagues (消息管理): the message page's codes; its recipient picker reads the teams.
    alias: 'demo_messenger',
    name: '业务消息',
    menus: ['biz_message', 'biz_message_add', 'biz_message_view'],
  },
  {
    alias: 'demo_notes',
    name: '笔记',
    menus: ['note_tree', 'note_tree_add', 'note_tree_edit', 'note_tree_delete', 'note_tree_share'],
  },
] as const;

export interface StaffAccount {
  account: string;
  realName: string;
  dept: DeptKey;
  /** Role aliases (the tenant's work roles and EXTRA_ROLES). */
  roles: string[];
  /** What the account is for, printed with it. */
  duty: string;
  phone: string;
}

export const STAFF: readonly StaffAccount[] = [
  {
    account: 'shouli',
    realName: '王丽娟',
    dept: 'intake',
    roles: ['application_accept', 'demo_card_seller'],
    duty: '受理员：受理/退回申请，发缴费通知；标志商品与标志订单',
    phone: '13837700101',
  },
  {
    account: 'yangpin',
    realName: '赵强',
    dept: 'lab',
    roles: ['application_sample'],
    duty: '样品管理员：接收样品',
    phone: '13837700102',
  },
  {
    account: 'jiance',
    realName: '刘洋',
    dept: 'lab',
    roles: ['application_test', 'demo_lab_user', 'demo_notes'],
    duty: '检测工程师：型式试验，预约设备，笔记',
    phone: '13837700103',
  },
  {
    account: 'jiancha',
    realName: '陈建国',
    dept: 'inspection',
    roles: ['application_inspect'],
    duty: '工厂检查员：初始工厂检查',
    phone: '13837700104',
  },
  {
    account: 'pingding',
    realName: '孙敏',
    dept: 'certification',
    roles: ['application_evaluate', 'demo_notes'],
    duty: '评定人员：技术评定',
    phone: '13837700105',
  },
  {
    account: 'jueding',
    realName: '周振华',
    dept: 'certification',
    roles: ['application_decide'],
    duty: '认证决定人：批准发证',
    phone: '13837700106',
  },
  {
    account: 'gongcheng',
    realName: '吴磊',
    dept: 'certification',
    roles: ['application_terminate', 'demo_borrower', 'demo_notes', 'demo_messenger'],
    duty: '项目工程师：跟踪项目，借阅档案，笔记，业务消息',
    phone: '13837700107',
  },
  {
    account: 'caiwu',
    realName: '郑芳',
    dept: 'finance',
    roles: ['payment_finance'],
    duty: '财务：开具缴费通知单，确认缴费，开票',
    phone: '13837700108',
  },
  {
    account: 'dangan',
    realName: '何静',
    dept: 'archive',
    roles: ['demo_archivist'],
    duty: '档案员：纸质档案入库、借出、归还',
    phone: '13837700109',
  },
  {
    account: 'zuzhang',
    realName: '马建军',
    dept: 'lab',
    roles: ['demo_team_leader', 'demo_lab_manager', 'demo_messenger'],
    duty: '实验室组长：审批档案借阅，管理仪器设备与计量证书，业务消息',
    phone: '13837700110',
  },
  {
    account: 'zhiliang',
    realName: '林慧',
    dept: 'quality',
    roles: ['quality_manager'],
    duty: '质量负责人：投诉受理、指派、调查答复与关闭，满意度调查',
    phone: '13837700111',
  },
];

export interface DemoCompany {
  key: 'huaan' | 'dongming' | 'shenke';
  name: string;
  creditCode: string;
  address: string;
  contactName: string;
  contactPhone: string;
  /** The company's first user (its account). */
  account: string;
  realName: string;
}

export const COMPANIES: readonly DemoCompany[] = [
  {
    key: 'huaan',
    name: '南阳华安防爆电机有限公司',
    creditCode: '91411300MA44K8XU28',
    address: '河南省南阳市卧龙区工业南路188号',
    contactName: '李建伟',
    contactPhone: '0377-63218801',
    account: 'huaan',
    realName: '李建伟',
  },
  {
    key: 'dongming',
    name: '温州东明防爆电器有限公司',
    creditCode: '91330300MA2HB37Q6W',
    address: '浙江省温州市乐清市柳市镇东明路66号',
    contactName: '陈晓东',
    contactPhone: '0577-62712306',
    account: 'dongming',
    realName: '陈晓东',
  },
  {
    key: 'shenke',
    name: '上海申科仪表有限公司',
    creditCode: '91310115MA1K4RTY3J',
    address: '上海市浦东新区张江路1288号',
    contactName: '黄蕾',
    contactPhone: '021-58956730',
    account: 'shenke',
    realName: '黄蕾',
  },
];

/** Where an application is left: the last step the generator makes on it. */
export type Stop =
  | 'draft'
  | 'submitted'
  | 'returned'
  | 'accepted'
  | 'fee_noticed'
  | 'samples_received'
  | 'testing'
  | 'evaluation'
  | 'issued';

/** The payment note of an application (finance issues it once the fee is noticed). */
export type Payment = 'issued' | 'partly_paid' | 'paid';

export interface DemoApplication {
  company: DemoCompany['key'];
  scheme: Exclude<Scheme, 'cnex'>;
  productName: string;
  productCategory: string;
  models: { model: string; spec: string; isSampleModel: boolean; differenceNote: string }[];
  exMarkings: string[];
  standards: string[];
  stop: Stop;
  payment?: Payment;
  /** Fee lines (yuan, decimal text). */
  fees?: { item: string; amount: string }[];
  /** The note's due date this many days from today (30 unless given; below 0: an overdue note). */
  noteDueInDays?: number;
  /** An issued certificate whose last valid day is this many days from today (the expiry tiles). */
  expiresInDays?: number;
}

const MOTOR_STANDARDS = ['GB/T 3836.1-2021', 'GB/T 3836.2-2021'];
const IS_STANDARDS = ['GB/T 3836.1-2021', 'GB/T 3836.4-2021'];
const CCC_FEES = [
  { item: '申请费', amount: '500.00' },
  { item: '型式试验费', amount: '18600.00' },
  { item: '初始工厂检查费', amount: '6400.00' },
  { item: '批准与注册费', amount: '800.00' },
];
const CQST_FEES = [
  { item: '申请费', amount: '500.00' },
  { item: '图纸审查费', amount: '3200.00' },
  { item: '样品检验费', amount: '9800.00' },
];

export const APPLICATIONS: readonly DemoApplication[] = [
  {
    company: 'huaan',
    scheme: 'ccc',
    productName: '隔爆型三相异步电动机',
    productCategory: '2301',
    models: [
      { model: 'YBX4-80M1-2', spec: '0.75kW 380V', isSampleModel: true, differenceNote: '' },
      { model: 'YBX4-132S-4', spec: '5.5kW 380V', isSampleModel: false, differenceNote: '机座号、功率不同' },
    ],
    exMarkings: ['Ex db IIB T4 Gb'],
    standards: MOTOR_STANDARDS,
    stop: 'issued',
    payment: 'paid',
    fees: CCC_FEES,
  },
  {
    company: 'huaan',
    scheme: 'ccc',
    productName: '隔爆型变频调速三相异步电动机',
    productCategory: '2301',
    models: [{ model: 'YBBP-315M-4', spec: '132kW 380V', isSampleModel: true, differenceNote: '' }],
    exMarkings: ['Ex db IIB T4 Gb', 'Ex tb IIIC T135°C Db'],
    standards: [...MOTOR_STANDARDS, 'GB/T 3836.31-2021'],
    stop: 'issued',
    payment: 'paid',
    fees: CCC_FEES,
    expiresInDays: 45,
  },
  {
    company: 'huaan',
    scheme: 'ccc',
    productName: '矿用隔爆型三相异步电动机',
    productCategory: '2301',
    models: [{ model: 'YBK3-250M-4', spec: '55kW 660/1140V', isSampleModel: true, differenceNote: '' }],
    exMarkings: ['Ex db I Mb'],
    standards: MOTOR_STANDARDS,
    stop: 'samples_received',
    payment: 'partly_paid',
    fees: CCC_FEES,
  },
  {
    company: 'huaan',
    scheme: 'ccc',
    productName: '隔爆型三相异步电动机（高效）',
    productCategory: '2301',
    models: [{ model: 'YB3-160M-2', spec: '15kW 380V', isSampleModel: true, differenceNote: '' }],
    exMarkings: ['Ex db IIC T4 Gb'],
    standards: MOTOR_STANDARDS,
    stop: 'fee_noticed',
    payment: 'issued',
    fees: CCC_FEES,
    // The call takes a due date already past (a note written up late): the overdue tile has one to count.
    noteDueInDays: -12,
  },
  {
    company: 'huaan',
    scheme: 'ccc',
    productName: '增安型三相异步电动机',
    productCategory: '2301',
    models: [{ model: 'YA-200L-4', spec: '30kW 380V', isSampleModel: true, differenceNote: '' }],
    exMarkings: ['Ex eb IIC T3 Gb'],
    standards: ['GB/T 3836.1-2021', 'GB/T 3836.3-2021'],
    stop: 'returned',
  },
  {
    company: 'dongming',
    scheme: 'ccc',
    productName: '隔爆型电磁起动器',
    productCategory: '2304',
    models: [
      { model: 'QJC-30', spec: 'AC380V 30A', isSampleModel: true, differenceNote: '' },
      {
        model: 'QJC-80',
        spec: 'AC380V 80A',
        isSampleModel: false,
        differenceNote: '额定电流、接触器规格不同',
      },
    ],
    exMarkings: ['Ex db IIB T4 Gb'],
    standards: MOTOR_STANDARDS,
    stop: 'issued',
    payment: 'paid',
    fees: CCC_FEES,
    expiresInDays: 33,
  },
  {
    company: 'dongming',
    scheme: 'ccc',
    productName: '防爆配电箱',
    productCategory: '2303',
    models: [{ model: 'BXM51-6/K63', spec: 'AC380V 63A 6回路', isSampleModel: true, differenceNote: '' }],
    exMarkings: ['Ex db eb IIB T4 Gb'],
    standards: [...MOTOR_STANDARDS, 'GB/T 3836.3-2021'],
    stop: 'testing',
    payment: 'issued',
    fees: CCC_FEES,
  },
  {
    company: 'dongming',
    scheme: 'ccc',
    productName: '增安型接线盒',
    productCategory: '2313',
    models: [{ model: 'BJX-20/4', spec: 'AC660V 20A', isSampleModel: true, differenceNote: '' }],
    exMarkings: ['Ex eb IIC T6 Gb'],
    standards: ['GB/T 3836.1-2021', 'GB/T 3836.3-2021'],
    stop: 'submitted',
  },
  {
    company: 'dongming',
    scheme: 'ccc',
    productName: '防爆照明动力配电箱',
    productCategory: '2303',
    models: [{ model: 'BXMD-8/32', spec: 'AC380V 32A 8回路', isSampleModel: true, differenceNote: '' }],
    exMarkings: ['Ex db eb IIC T5 Gb'],
    standards: [...MOTOR_STANDARDS, 'GB/T 3836.3-2021'],
    stop: 'draft',
  },
  {
    company: 'dongming',
    scheme: 'ccc',
    productName: '防爆操作柱',
    productCategory: '2304',
    models: [{ model: 'BZC51-A2D2', spec: 'AC380V 10A', isSampleModel: true, differenceNote: '' }],
    exMarkings: ['Ex db eb IIC T6 Gb'],
    standards: [...MOTOR_STANDARDS, 'GB/T 3836.3-2021'],
    stop: 'fee_noticed',
    payment: 'issued',
    fees: CCC_FEES,
  },
  {
    company: 'shenke',
    scheme: 'cqst',
    productName: '本安型压力变送器',
    productCategory: '',
    models: [
      { model: 'SK3051-GP', spec: '4~20mA 0~10MPa', isSampleModel: true, differenceNote: '' },
      { model: 'SK3051-DP', spec: '4~20mA 差压', isSampleModel: false, differenceNote: '测量方式不同' },
    ],
    exMarkings: ['Ex ia IIC T4 Ga'],
    standards: IS_STANDARDS,
    stop: 'issued',
    payment: 'paid',
    fees: CQST_FEES,
  },
  {
    company: 'shenke',
    scheme: 'cqst',
    productName: '本安型温度变送器',
    productCategory: '',
    models: [{ model: 'SKT-248', spec: '4~20mA Pt100', isSampleModel: true, differenceNote: '' }],
    exMarkings: ['Ex ia IIC T6 Ga'],
    standards: IS_STANDARDS,
    stop: 'submitted',
  },
  {
    company: 'shenke',
    scheme: 'cqst',
    productName: '隔爆型电磁流量计',
    productCategory: '',
    models: [{ model: 'SKLD-100', spec: 'DN100 24VDC', isSampleModel: true, differenceNote: '' }],
    exMarkings: ['Ex db ia IIC T4 Gb'],
    standards: [...IS_STANDARDS, 'GB/T 3836.2-2021'],
    stop: 'evaluation',
    payment: 'partly_paid',
    fees: CQST_FEES,
  },
  {
    company: 'shenke',
    scheme: 'cqst',
    productName: '本安型液位变送器',
    productCategory: '',
    models: [{ model: 'SKY-801', spec: '4~20mA 0~5m', isSampleModel: true, differenceNote: '' }],
    exMarkings: ['Ex ia IIB T4 Ga'],
    standards: IS_STANDARDS,
    stop: 'accepted',
  },
];

/** The laboratory's instruments; `validInDays` is the current measurement certificate's last day from today. */
export const EQUIPMENT = [
  {
    assetNo: 'YQ-2019-001',
    name: '隔爆外壳静压试验装置',
    model: 'JY-60MPa',
    range: '0~60MPa',
    accuracy: '0.4级',
    location: '压力试验室',
    validInDays: 210,
    result: '合格',
  },
  {
    assetNo: 'YQ-2019-002',
    name: '爆炸试验罐',
    model: 'BZ-2000L',
    range: '2000L',
    accuracy: '—',
    location: '爆炸试验室',
    validInDays: 18,
    result: '合格',
  },
  {
    assetNo: 'YQ-2020-003',
    name: '绝缘电阻测试仪',
    model: 'ZC-7 2500V',
    range: '0~2500MΩ',
    accuracy: '±5%',
    location: '电气试验室',
    validInDays: 300,
    result: '合格',
  },
  {
    assetNo: 'YQ-2020-004',
    name: '耐压测试仪',
    model: 'CS2671AX',
    range: '0~10kV',
    accuracy: '±3%',
    location: '电气试验室',
    validInDays: 120,
    result: '准用',
  },
  {
    assetNo: 'YQ-2021-005',
    name: '温升测试系统',
    model: 'TR-64',
    range: '-40~300℃',
    accuracy: '±0.5℃',
    location: '温升试验室',
    validInDays: -12,
    result: '合格',
  },
  {
    assetNo: 'YQ-2022-006',
    name: '本安火花试验装置',
    model: 'IEC-SP-1',
    range: 'IIC/IIB/IIA',
    accuracy: '—',
    location: '本安试验室',
    validInDays: 240,
    result: '合格',
  },
] as const;

/** The institute's own business (经营管理): projects, their contracts, payment batches (percent) and how many are paid. */
export const PROJECTS = [
  {
    name: '南阳华安电机防爆检测服务框架项目',
    unit: '南阳华安防爆电机有限公司',
    running: true,
    contracts: [
      {
        code: 'HT-DEMO-2026-001',
        name: '年度防爆检测服务合同',
        amount: '380000.00',
        batches: ['30', '40', '30'],
        paidBatches: 2,
      },
      {
        code: 'HT-DEMO-2026-002',
        name: '出口IECEx检测补充协议',
        amount: '96000.00',
        batches: ['50', '50'],
        paidBatches: 1,
      },
    ],
  },
  {
    name: '煤矿用防爆设备安全评价项目',
    unit: '河南能源集团某矿业公司',
    running: true,
    contracts: [
      {
        code: 'HT-DEMO-2026-003',
        name: '井下防爆电气设备检查评价合同',
        amount: '125000.00',
        batches: ['60', '40'],
        paidBatches: 1,
      },
    ],
  },
  {
    name: '加油站防爆电气检查项目',
    unit: '某石化销售公司南阳分公司',
    running: false,
    contracts: [
      {
        code: 'HT-DEMO-2026-004',
        name: '加油站防爆电气年度检查合同',
        amount: '48600.00',
        batches: ['100'],
        paidBatches: 0,
      },
    ],
  },
] as const;

/** CCC marks on sale (标志商品; the 标志管理员 keeps them): a pack is a whole number of sheets. */
export const CARD_GOODS = [
  {
    sku: 'CCC-S-8',
    sizeMm: 8,
    markType: 'S',
    piecesPerSheet: 100,
    piecesPerPack: 5000,
    unitPrice: '0.03',
    stockQty: 200000,
  },
  {
    sku: 'CCC-S-15',
    sizeMm: 15,
    markType: 'S',
    piecesPerSheet: 50,
    piecesPerPack: 2500,
    unitPrice: '0.08',
    stockQty: 50000,
  },
  {
    sku: 'CCC-S-30',
    sizeMm: 30,
    markType: 'S',
    piecesPerSheet: 20,
    piecesPerPack: 1000,
    unitPrice: '0.20',
    stockQty: 10000,
  },
] as const;

/** Where a mark order is left. */
export type CardSaleStop = 'submitted' | 'reviewed' | 'received';

/** Mark orders of the customers: one certificate (of the product named) and pieces per sku. */
export const CARD_SALES: readonly {
  company: DemoCompany['key'];
  productName: string;
  lines: { sku: string; quantity: number }[];
  stop: CardSaleStop;
  /** An order placed through an agent: who, and where the marks go. */
  agent?: { name: string; shipTo: string };
}[] = [
  {
    company: 'huaan',
    productName: '隔爆型变频调速三相异步电动机',
    lines: [
      { sku: 'CCC-S-8', quantity: 10000 },
      { sku: 'CCC-S-15', quantity: 500 },
    ],
    stop: 'received',
  },
  {
    company: 'huaan',
    productName: '隔爆型变频调速三相异步电动机',
    lines: [{ sku: 'CCC-S-30', quantity: 200 }],
    stop: 'submitted',
  },
  {
    company: 'dongming',
    productName: '隔爆型电磁起动器',
    lines: [{ sku: 'CCC-S-8', quantity: 5000 }],
    stop: 'reviewed',
  },
  {
    // Bought through an agent: the order carries the company's authorisation letter (授权委托书) with the signed form,
    // and the marks go to the agent.
    company: 'dongming',
    productName: '隔爆型电磁起动器',
    lines: [{ sku: 'CCC-S-15', quantity: 1000 }],
    stop: 'submitted',
    agent: {
      name: '温州瓯信认证咨询服务有限公司',
      shipTo: '浙江省温州市鹿城区车站大道577号财富中心1608室 温州瓯信认证咨询服务有限公司 张敏 0577-88123456',
    },
  },
];

/** Complaints (投诉) of the customers about one of their applications, and where each case is left. */
export const COMPLAINTS: readonly {
  company: DemoCompany['key'];
  productName: string;
  title: string;
  content: string;
  stop: 'acknowledged' | 'closed';
  /** For a closed case: the findings, the answer and the customer's confirmation. */
  investigation?: string;
  response?: string;
  feedback?: string;
}[] = [
  {
    company: 'huaan',
    productName: '矿用隔爆型三相异步电动机',
    title: '样品接收后试验排期未通知',
    content:
      '我司矿用隔爆型三相异步电动机样品已于上周送达并由实验室签收，至今未收到型式试验排期通知，影响我司投标计划，请尽快答复。',
    stop: 'closed',
    investigation:
      '核查样品流转记录：样品已签收，因隔爆外壳爆炸试验台本周满负荷，排期顺延 3 个工作日；受理后未及时告知客户。',
    response:
      '已确定试验排期为下周一开始，预计 10 个工作日完成；今后样品签收后 2 个工作日内书面告知试验排期。对造成的不便深表歉意。',
    feedback: '已收到排期，认可处理结果。',
  },
  {
    company: 'dongming',
    productName: '增安型接线盒',
    title: '申请提交后长时间未受理',
    content: '增安型接线盒 CCC 认证申请已提交一周，系统仍显示待受理，请核实进度并告知所缺资料。',
    stop: 'acknowledged',
  },
];

/** Survey answers (满意度调查) of the issued applications' customers: scores 1–5 per question in order. */
export const SURVEY_ANSWERS: readonly { company: DemoCompany['key']; scores: number[]; comment: string }[] = [
  { company: 'huaan', scores: [5, 5, 4, 5, 4, 5], comment: '受理和检测进度跟进及时，工程师沟通专业。' },
  {
    company: 'shenke',
    scores: [4, 4, 3, 4, 4, 4],
    comment: '整体满意；希望缴费通知单能提前邮件告知。',
  },
  // A low score (2 on the timeliness of acceptance and on the certification period): the quality module opens its
  // follow-up case (survey_followup) for the quality manager.
  {
    company: 'dongming',
    scores: [2, 4, 2, 4, 3, 3],
    comment: '申请提交后迟迟未受理，认证周期明显超出预期，影响我司出口订单交期。',
  },
];

/** CNEx applications (service facilities and personnel; no samples): a repair workshop audit and a registration. */
export const CNEX_APPLICATIONS: readonly {
  company: DemoCompany['key'];
  cnexType: 'ability' | 'person' | 'scene' | 'person_data';
  productName: string;
  standards: string[];
  stop: 'submitted' | 'accepted';
}[] = [
  {
    company: 'shenke',
    cnexType: 'scene',
    productName: '防爆仪表修理服务站（本安型变送器及隔爆型流量计修理）',
    standards: ['GB/T 3836.13-2021', 'GB/T 3836.16-2022'],
    stop: 'accepted',
  },
  {
    company: 'dongming',
    cnexType: 'person',
    productName: '防爆电气设备安装与检修人员能力注册（3人）',
    standards: [],
    stop: 'submitted',
  },
];

/** Field tasks (现场任务) of the institute's projects (by project index in PROJECTS; the engineer by account). */
export const FIELD_TASKS = [
  {
    project: 0,
    taskName: '华安电机年度监督工厂检查',
    taskType: '1',
    taskStatus: '3',
    startIn: -20,
    endIn: -18,
    location: '河南省南阳市卧龙区工业南路188号',
    user: 'jiancha',
    content: '按 CCC 实施规则开展年度监督检查：质量保证能力、产品一致性、例行检验记录抽查。',
  },
  {
    project: 0,
    taskName: 'YBX4 系列电动机生产现场抽样',
    taskType: '2',
    taskStatus: '2',
    startIn: -1,
    endIn: 1,
    location: '南阳华安防爆电机有限公司总装车间',
    user: 'yangpin',
    content: '在成品库随机抽取 YBX4-132S-4 两台，封样后运回实验室。',
  },
  {
    project: 1,
    taskName: '井下防爆电气设备见证试验',
    taskType: '3',
    taskStatus: '1',
    startIn: 7,
    endIn: 9,
    location: '河南省平顶山市某煤矿井下中央变电所',
    user: 'jiance',
    content: '见证矿用隔爆型真空馈电开关的绝缘电阻与隔爆面间隙测量，记录检查结果。',
  },
] as const;

/** Real costs (实际成本) of the projects, some paid (with the supplier's invoice number). */
export const COSTS = [
  {
    project: 0,
    payType: '3',
    supplier: '南阳市宛运商务旅行服务有限公司',
    costIn: -19,
    amount: '3860.00',
    paid: '3860.00',
    invoiceCode: '41002600110000123456',
  },
  {
    project: 0,
    payType: '1',
    supplier: '郑州博源实验耗材有限公司',
    costIn: -12,
    amount: '12450.00',
    paid: '6000.00',
    invoiceCode: '41002600110000234567',
  },
  {
    project: 1,
    payType: '2',
    supplier: '河南省矿用设备检测中心（外协）',
    costIn: -5,
    amount: '28000.00',
    paid: '',
    invoiceCode: '',
  },
] as const;

/** Devops records (运维记录): maintenance visits with each engineer's person-days. */
export const DEVOPS = [
  {
    project: 0,
    dateIn: -10,
    content:
      '华安电机厂内试验站防爆试验设备年度维护：静压试验台压力传感器比对、管路气密性检查、记录仪时钟校准。',
    users: [
      { account: 'jiance', workload: '1.5' },
      { account: 'zuzhang', workload: '0.5' },
    ],
  },
  {
    project: 1,
    dateIn: -3,
    content: '矿方防爆设备台账系统数据核对与检查记录归档，修正 12 台设备的防爆合格证编号。',
    users: [{ account: 'gongcheng', workload: '1' }],
  },
] as const;

/**
 * Cost plans (成本计划) of the projects: a month's budget per cost type, placed in the months of the real costs above
 * (`monthOf`: the month of today plus so many days) and a month ahead, a little above what was spent.
 */
export const COST_PLANS = [
  { project: 0, costType: '3', monthOf: -19, amount: '4000.00', remark: '年度监督检查差旅（2人3天）' },
  { project: 0, costType: '1', monthOf: -12, amount: '15000.00', remark: '型式试验耗材（密封件、试验气体）' },
  { project: 0, costType: '1', monthOf: 35, amount: '8000.00', remark: '下月 YBX4 系列抽样试验耗材' },
  { project: 0, costType: '3', monthOf: 35, amount: '3000.00', remark: '下月抽样及见证差旅' },
  { project: 1, costType: '2', monthOf: -5, amount: '30000.00', remark: '井下设备外协检测' },
] as const;

/** Event records (事件记录) of the projects: who handles each, by account. */
export const EVENT_RECORDS = [
  {
    project: 0,
    title: '年度监督检查启动会',
    eventType: '1',
    eventLevel: '1',
    dateIn: -21,
    user: 'gongcheng',
    content: '与华安电机质量部确认年度监督检查范围、日程和抽样型号（YBX4、YBBP 系列），明确陪同人员。',
  },
  {
    project: 0,
    title: '客户反映样品试验未及时安排',
    eventType: '2',
    eventLevel: '2',
    dateIn: -6,
    user: 'zhiliang',
    content: '华安电机反映送检样品收样后一周未排试验，已转质量管理部按投诉处理，实验室调整排期。',
  },
  {
    project: 1,
    title: '见证试验方案调整',
    eventType: '4',
    eventLevel: '2',
    dateIn: -2,
    user: 'jiance',
    content: '矿方要求增加 2 台隔爆型移动变电站的见证试验，方案与外协检测中心重新确认，日期不变。',
  },
] as const;

/** Teams (团队) of the staff, by account: the leader answers for the team, the members' role 1 组长, 2 成员, 3 顾问. */
export const TEAMS = [
  {
    name: '防爆电气检测组',
    leader: 'zuzhang',
    dept: 'lab' as DeptKey,
    remark: '隔爆、本安型式试验及试验设备管理',
    members: [
      { account: 'zuzhang', role: '1', remark: '组长，试验设备' },
      { account: 'jiance', role: '2', remark: '隔爆外壳、电动机型式试验' },
      { account: 'yangpin', role: '2', remark: '收样、抽样、样品流转' },
    ],
  },
  {
    name: '华安电机项目组',
    leader: 'gongcheng',
    dept: undefined,
    remark: '南阳华安电机防爆检测服务框架项目',
    members: [
      { account: 'gongcheng', role: '1', remark: '项目工程师' },
      { account: 'jiancha', role: '2', remark: '工厂检查' },
      { account: 'pingding', role: '2', remark: '认证评定' },
      { account: 'caiwu', role: '3', remark: '合同收款与开票' },
    ],
  },
] as const;

/** Business messages (消息管理) between staff, by account; category 2 消息, 3 通知. */
export const BIZ_MESSAGES = [
  {
    from: 'gongcheng',
    to: ['jiance', 'yangpin'],
    category: 2,
    title: 'YBX4-132S-4 抽样样品明日到院',
    content:
      '华安电机现场抽样的 YBX4-132S-4 两台明日到院，请样品室收样后尽快安排型式试验，客户关注试验进度。',
  },
  {
    from: 'zuzhang',
    to: ['jiance', 'yangpin'],
    category: 3,
    title: '本周试验设备期间核查安排',
    content: '周四下午对静压试验台和绝缘电阻测试仪做期间核查，届时暂停预约；核查记录交设备管理员归档。',
  },
  {
    from: 'gongcheng',
    to: ['caiwu'],
    category: 2,
    title: '合同HT-DEMO-2026-003 第二期款',
    content: '煤矿安全评价项目第二期款已到计划日期，请核对到账情况，到账后通知我安排开票。',
  },
] as const;
