// Shell and generic-screen texts, Chinese (the default language).
export const zh = {
  app: { title: 'Civdesk 管理平台', system: '系统管理', home: '首页' },
  lang: { switch: '语言', zh: '中文', en: 'English' },
  header: { logout: '退出登录', logoutConfirm: '确定退出系统?', user: '用户' },
  login: {
    title: '用户登录',
    tenant: '租户编号',
    account: '账号',
    password: '密码',
    captcha: '验证码',
    submit: '登录',
    refresh: '点击刷新验证码',
    tenantRequired: '请输入租户编号',
    accountRequired: '请输入账号',
    passwordRequired: '请输入密码',
    captchaRequired: '请输入验证码',
    failed: '登录失败',
    register: '访客注册',
    related: '相关网站',
  },
  changePassword: {
    title: '修改密码',
    oldPassword: '原密码',
    newPassword: '新密码',
    confirmPassword: '确认密码',
    oldRequired: '请输入原密码',
    newRequired: '请输入新密码',
    confirmRequired: '请再次输入新密码',
    mismatch: '两次密码输入不一致',
    initialWarning: '请修改初始密码',
    submit: '确定',
    success: '修改密码成功',
  },
  wel: { title: '首页', hello: '欢迎使用 Civdesk', hint: '请从左侧菜单选择要管理的内容。' },
  notFound: { title: '页面不存在', back: '返回首页' },
  // The rest of `crud` joins with the generic screen (i18n/crud-texts.ts); the request layer needs these.
  crud: {
    unavailable: '服务暂时不可用，请稍后重试',
    unknownError: '未知错误',
  },
};

export type Messages = typeof zh;
