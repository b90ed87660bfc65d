/** The assistant's commands: what the shell does with them. */
export type Command = 'update_passwd' | 'get_location_point' | 'open_sysdict';

export type Intent = { command: Command; place?: string };

const password = [
  /(修改|更改|更换|变更|重置|重设|改一下|改)(我的|一下)?(登录)?密码/,
  /密码(修改|更改|怎么改|忘了|忘记)/,
  /\b(change|update|reset|modify)\s+(my\s+|the\s+)?password\b/i,
  /\bpassword\s+(change|reset|update)\b/i,
];
const dictionary = [
  /(打开|查看|管理|进入)?(系统|数据)?字典/,
  /\b(open|show|manage|view)\s+(the\s+)?(system\s+)?dictionar(y|ies)\b/i,
  /\bsysdict\b/i,
];
const location = [
  /(定位|位置|地图上?(显示|查看|找)?|在哪里?|导航到)/,
  /\b(locate|location\s+of|where\s+is|show\s+.+\s+on\s+(the\s+)?map|find\s+.+\s+on\s+(the\s+)?map|map\s+of)\b/i,
];

/** The place a location question names: what is left once the command words are removed. */
function placeOf(q: string): string {
  return q
    .replace(/请|帮我|帮忙|给我|一下|定位到?|查找|查看|显示|的?位置|在地图上?|地图|在哪里?|导航到|[?？!！。.,，]/g, '')
    .replace(/\b(please|locate|location|of|where|is|show|find|on|the|map|me|can|you)\b/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Recognises a command from Chinese or English phrasings; undefined for anything else. */
export function recognise(query: string): Intent | undefined {
  const q = query.trim();
  if (password.some((r) => r.test(q))) return { command: 'update_passwd' };
  if (dictionary.some((r) => r.test(q))) return { command: 'open_sysdict' };
  if (location.some((r) => r.test(q))) return { command: 'get_location_point', place: placeOf(q) };
  return undefined;
}

/** Where a location opens: a map search for the place (the map home page without one). */
export const mapUrl = (place: string | undefined) =>
  place ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(place)}` : 'https://www.openstreetmap.org/';
