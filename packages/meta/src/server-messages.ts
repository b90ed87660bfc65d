// The server's answers (`msg` of the envelope) in English, for callers whose Accept-Language asks
// for it. Chinese is what the server writes (the spec's wording); this catalogue is the only place
// their English lives. A message not listed stays Chinese.

const fixed: Record<string, string> = {
  操作成功: 'Done',
  '操作成功!': 'Done',
  新增成功: 'Added',
  更新成功: 'Updated',
  删除成功: 'Deleted',
  发送成功: 'Sent',
  连接成功: 'Connected',
  修改密码成功: 'Password changed',
  重置密码成功: 'Password reset',
  用户名或密码错误: 'Wrong account or password',
  验证码不正确: 'Wrong captcha',
  租户ID未找到: 'Tenant ID not found',
  '原密码不正确!': 'The current password is wrong',
  新密码不能与原密码相同: 'The new password must differ from the current one',
  两次密码输入不一致: 'The two passwords do not match',
  请先输入用户昵称: 'Please enter the nickname first',
  '请输入正确的确认密码!': 'Please confirm the password correctly',
  请求被拒绝: 'Request refused',
  '缺失令牌,鉴权失败': 'Missing token: not signed in',
  '服务器异常，请联系管理员': 'Server error, please contact the administrator',
  系统内置数据不可删除: 'Built-in data cannot be deleted',
  '请先删除子节点!': 'Delete the children first',
  请选择至少一条数据: 'Please select at least one row',
  文件不存在: 'File not found',
  文件不能为空: 'The file is empty',
  文件不能超过10MB: 'Files must not exceed 10 MB',
  '请输入您的问题或需求！': 'Please enter your question or request!',
  '租户账号额度已满，请联系管理员': 'The tenant has no accounts left; please contact the administrator',
  '不能删除本账号！': 'You cannot delete your own account',
  不能停用本账号: 'You cannot disable your own account',
  平台数据仅平台管理员可以修改: 'Only the platform administrator can change platform data',
  '注册申请已提交,请耐心等待管理员通过!': 'Registration submitted; please wait for an administrator to approve it',
};

const classes: Record<string, string> = {
  包含大写字母: 'contain an upper-case letter',
  包含小写字母: 'contain a lower-case letter',
  包含数字: 'contain a digit',
  包含特殊字符: 'contain a special character',
};

/** Messages with a value in them: a pattern and its English. */
const patterns: [RegExp, (m: RegExpMatchArray) => string][] = [
  [
    /^密码须(.+)$/,
    (m) =>
      `The password must ${m[1]
        .split('、')
        .map((p) => classes[p] ?? p.replace(/^长度不少于(\d+)位$/, 'be at least $1 characters long'))
        .join(', ')}`,
  ],
  [/^新密码不能与最近(\d+)次使用过的密码相同$/, (m) => `The new password must differ from the last ${m[1]} passwords`],
  [/^成功导入 ?(\d+) ?条数据$/, (m) => `Imported ${m[1]} rows`],
];

/** A server message in the caller's language: Chinese as written, English from the catalogue when known. */
export function serverMessage(msg: string, lang: 'zh' | 'en'): string {
  if (lang === 'zh' || !msg) return msg;
  const known = fixed[msg];
  if (known) return known;
  for (const [re, en] of patterns) {
    const m = msg.match(re);
    if (m) return en(m);
  }
  return msg;
}
