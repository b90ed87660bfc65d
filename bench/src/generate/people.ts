import { type Random, weighted } from './random.ts';

// Surnames as surname:pinyin:weight, the weight roughly how common it is (per mille of the
// population, rounded, from the 2020 census tables): enough for names to look and collide like real ones.
const surnames: [string, string, number][] = [
  '王:wang:74 李:li:72 张:zhang:68 刘:liu:54 陈:chen:47 杨:yang:33 黄:huang:25 赵:zhao:22 吴:wu:21 周:zhou:21 徐:xu:15 ',
  '孙:sun:14 马:ma:13 朱:zhu:13 胡:hu:12 郭:guo:11 何:he:11 林:lin:10 罗:luo:10 高:gao:10 郑:zheng:9 梁:liang:9 谢:xie:8 ',
  '宋:song:8 唐:tang:8 许:xu:7 韩:han:7 邓:deng:7 冯:feng:7 曹:cao:7 彭:peng:6 曾:zeng:6 肖:xiao:6 田:tian:6 董:dong:6 ',
  '潘:pan:5 袁:yuan:5 蔡:cai:5 蒋:jiang:5 余:yu:5 于:yu:5 杜:du:5 叶:ye:4 程:cheng:4 魏:wei:4 苏:su:4 吕:lv:4 丁:ding:4 ',
  '任:ren:4 卢:lu:4 姚:yao:4 沈:shen:4 钟:zhong:3 姜:jiang:3 崔:cui:3 谭:tan:3 陆:lu:3 范:fan:3 汪:wang:3 廖:liao:3 石:shi:3 ',
  '金:jin:3 韦:wei:3 贾:jia:3 夏:xia:3 付:fu:3 方:fang:3 邹:zou:2 熊:xiong:2 白:bai:2 孟:meng:2 秦:qin:2 邱:qiu:2 侯:hou:2 ',
  '江:jiang:2 尹:yin:2 薛:xue:2 闫:yan:2 段:duan:2 雷:lei:2 龙:long:2 黎:li:2 史:shi:2 陶:tao:2 贺:he:2 毛:mao:2 郝:hao:2 ',
  '顾:gu:2 龚:gong:2 邵:shao:2 欧阳:ouyang:1 司马:sima:1 诸葛:zhuge:1 上官:shangguan:1 ',
]
  .join('')
  .trim()
  .split(' ')
  .map((e) => {
    const [s, p, w] = e.split(':');
    return [s, p, Number(w)] as [string, string, number];
  });
const givenMale = '伟强磊军洋勇杰涛明超刚平辉鹏华飞鑫波斌宇浩凯健俊帆帅旭宁龙林峰建成志国东文博涵轩睿哲瑞泽晨阳然铭嘉'.split('');
const givenFemale = '芳娜敏静丽艳娟霞秀英玉兰桂萍红玲燕婷雪琳颖倩洁佳慧梦欣怡悦萱妍彤琪瑶璐晴雨诗婉馨蕾月梅'.split('');

const pickSurname = weighted(surnames.map(([s, p, w]) => [[s, p] as const, w]));

export type Person = { name: string; surnamePinyin: string; sex: 1 | 2; birthday: string; idCard: string; phone: string };

/** A Chinese name of one or two given characters, matching the sex. */
export function chineseName(r: Random, sex: 1 | 2): { name: string; surnamePinyin: string } {
  const [surname, surnamePinyin] = pickSurname(r);
  const pool = sex === 1 ? givenMale : givenFemale;
  const given = r.chance(0.35) ? r.pick(pool) : r.pick(pool) + r.pick(pool);
  return { name: surname + given, surnamePinyin };
}

const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** The check character of an 18-digit resident ID number (ISO 7064 MOD 11-2, GB 11643). */
export function idCardCheck(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * weights[i];
  return '10X98765432'[sum % 11];
}

export function isValidIdCard(id: string): boolean {
  return /^\d{17}[\dX]$/.test(id) && idCardCheck(id.slice(0, 17)) === id[17];
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A date between two years (inclusive), as yyyy-MM-dd. */
export function dateBetween(r: Random, fromYear: number, toYear: number): string {
  const from = Date.UTC(fromYear, 0, 1);
  const to = Date.UTC(toYear + 1, 0, 1);
  const d = new Date(from + Math.floor(r.next() * ((to - from) / 86_400_000)) * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/**
 * An ID-card-like number: a real county code, the birthday, a sequence whose last digit is odd for
 * men and even for women, and a correct check character. The people are invented.
 */
export function idCard(r: Random, areaCode: string, birthday: string, sex: 1 | 2): string {
  const seq = r.int(100) * 10 + (sex === 1 ? 2 * r.int(5) + 1 : 2 * r.int(5));
  const first17 = areaCode + birthday.replace(/-/g, '') + pad(seq, 3);
  return first17 + idCardCheck(first17);
}

const phonePrefixes = [
  '130',
  '131',
  '132',
  '133',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '155',
  '157',
  '158',
  '159',
  '166',
  '170',
  '176',
  '177',
  '180',
  '181',
  '182',
  '185',
  '186',
  '187',
  '188',
  '189',
  '191',
  '198',
  '199',
];

export function mobile(r: Random): string {
  return r.pick(phonePrefixes) + pad(r.int(100_000_000), 8);
}

/** One invented person: name, sex, birthday, ID number from a county in `areaCodes`, mobile number. */
export function person(r: Random, areaCodes: readonly string[], birthYears: [number, number] = [1960, 2004]): Person {
  const sex = r.chance(0.5) ? 1 : 2;
  const { name, surnamePinyin } = chineseName(r, sex);
  const birthday = dateBetween(r, birthYears[0], birthYears[1]);
  return { name, surnamePinyin, sex, birthday, idCard: idCard(r, r.pick(areaCodes), birthday, sex), phone: mobile(r) };
}
