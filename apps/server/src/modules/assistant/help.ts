/**
 * The product's own help text: what the assistant answers from when no language model is
 * configured (and what it gives the model as context when one is). One entry per shell feature.
 */
export type HelpTopic = { keys: string[]; zh: string; en: string };

export const helpTopics: HelpTopic[] = [
  {
    keys: ['登录', '登陆', '验证码', '租户', 'sign in', 'login', 'log in', 'captcha', 'tenant'],
    zh: '登录时填写租户编号、账号和密码(开启验证码时还需输入图中的验证码,点击图片可刷新)。连续输错密码会锁定账号,需由管理员解封。',
    en: 'To sign in, enter the tenant number, account and password (and the captcha when it is shown; click the image for a new one). Too many wrong passwords lock the account until an administrator unlocks it.',
  },
  {
    keys: ['锁屏', '锁定', '解锁', 'lock', 'unlock'],
    zh: '点击顶栏的锁形图标锁定屏幕。第一次使用时需设置锁屏密码;解锁时输入该密码即可回到原来的页面。',
    en: 'Click the padlock in the top bar to lock the screen. The first time you set a lock password; enter it to unlock and return to where you were.',
  },
  {
    keys: ['主题', '颜色', '皮肤', '换肤', 'theme', 'colour', 'color', 'skin'],
    zh: '点击顶栏的主题按钮,可在 default、white、dark 等 11 种主题中选择,选择会保存在本浏览器中。',
    en: 'Click the theme button in the top bar to choose one of 11 themes (default, white, dark, …); the choice is kept in this browser.',
  },
  {
    keys: ['通知', '公告', '消息', '铃铛', 'notice', 'notices', 'announcement', 'bell'],
    zh: '顶栏的铃铛列出最新的通知公告,有未读通知时显示红点;点击一条即可查看详情并标记为已读。',
    en: 'The bell in the top bar lists the latest notices and shows a dot while any is unread; click one to read it and mark it read.',
  },
  {
    keys: ['菜单', '搜索菜单', '找不到', 'menu', 'search menu', 'find a page'],
    zh: '在顶栏的搜索框输入菜单名称的开头即可快速找到页面;也可以打开菜单搜索浮层(Esc 关闭)。',
    en: 'Type the beginning of a menu name in the search box of the top bar to find a page quickly, or open the menu search overlay (Esc closes it).',
  },
  {
    keys: ['标签', '标签页', '关闭', '缓存', 'tab', 'tabs', 'close', 'cache'],
    zh: '每个打开的页面都有一个标签。右侧菜单可关闭其他标签、关闭全部(回到首页)或清除缓存(确认后刷新页面)。',
    en: 'Every opened page gets a tab. The tab menu closes other tabs, closes all (back to home) or clears the cache (after confirming, the page reloads).',
  },
  {
    keys: ['日志', '错误', '报错', 'log', 'logs', 'error'],
    zh: '顶栏的日志按钮列出本浏览器记录的前端错误,可上传到服务器供管理员排查,也可清空。',
    en: 'The log button in the top bar lists front-end errors recorded in this browser; you can upload them to the server for administrators or clear them.',
  },
  {
    keys: ['个人信息', '头像', '手机', '邮箱', 'profile', 'avatar', 'phone', 'email', 'personal'],
    zh: '在右上角头像菜单中选择"个人信息",可修改头像(jpg/png,不超过500KB)、姓名、手机号和邮箱。',
    en: 'Choose "Personal info" in the avatar menu to change your avatar (jpg/png, at most 500 KB), name, phone and email.',
  },
  {
    keys: ['切换部门', '切换角色', '部门', '角色', 'switch department', 'switch role', 'department', 'role'],
    zh: '开启切换模式时,在头像菜单中选择"切换部门/角色",选择后以新的部门和角色继续工作。',
    en: 'When switch mode is on, choose "Switch dept/role" in the avatar menu to continue with another department and role.',
  },
  {
    keys: ['注册', '访客', 'register', 'registration', 'guest'],
    zh: '访客可在登录页注册,提交后需等待管理员在注册审核中通过。',
    en: 'Guests can register on the sign-in page; the registration then waits for an administrator to approve it.',
  },
  {
    keys: ['重置用户密码', '重置密码', '密码重置', '用户密码', 'reset password', 'reset a password', 'reset the password'],
    zh: '在"系统管理 > 用户管理"中勾选要重置的用户,点击工具栏的"密码重置"并确认,这些用户的密码即重置为初始密码,下次登录时须修改。',
    en: 'Under System > Users, select the users, click Reset password in the toolbar and confirm: their passwords go back to the initial one, which they must change at their next sign-in.',
  },
  {
    keys: ['用户', '账号管理', '新增用户', 'user', 'users', 'account'],
    zh: '用户管理位于"系统管理 > 用户管理",可新增、编辑、停用用户,设置角色和重置密码。',
    en: 'Users are managed under System > Users: add, edit and disable users, assign roles and reset passwords.',
  },
  {
    keys: ['权限', '授权', '角色管理', 'permission', 'permissions', 'grant'],
    zh: '在"系统管理 > 角色管理"中为角色分配菜单、数据权限和接口权限,用户的可见菜单由其角色决定。',
    en: 'Under System > Roles you grant menus, data scopes and API scopes to roles; a user sees the menus their roles hold.',
  },
];

/** Words of a text: Latin words and Chinese character pairs (no word breaks in Chinese). */
function terms(text: string): Set<string> {
  const lower = text.toLowerCase();
  const out = new Set<string>(lower.match(/[a-z0-9]+/g) ?? []);
  const han = lower.match(/\p{Script=Han}+/gu) ?? [];
  for (const run of han) {
    if (run.length === 1) out.add(run);
    for (let i = 0; i + 1 < run.length; i++) out.add(run.slice(i, i + 2));
  }
  return out;
}

/** How well a question must match a topic before it is answered from it (one shared character pair is not enough). */
const MIN_SCORE = 2;

/** The help topic that best matches a question, or none when nothing matches well enough. */
export function bestTopic(question: string): HelpTopic | undefined {
  const q = question.toLowerCase();
  const qTerms = terms(question);
  let best: HelpTopic | undefined;
  let bestScore = 0;
  for (const t of helpTopics) {
    let score = 0;
    for (const k of t.keys) {
      if (q.includes(k.toLowerCase())) score += 3 + k.length / 10;
      else for (const term of terms(k)) if (qTerms.has(term)) score += 1;
    }
    if (score >= MIN_SCORE && score > bestScore) {
      bestScore = score;
      best = t;
    }
  }
  return best;
}
