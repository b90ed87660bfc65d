import { Modal, Typography } from 'antd';
import { getData } from '../../api/request.ts';
import type { useLang } from '../../i18n/index.ts';

type Lang = ReturnType<typeof useLang>;

const texts = {
  button: { zh: 'SM2公钥', en: 'SM2 public key' },
  title: { zh: '本系统的SM2公钥', en: 'This installation’s SM2 public key' },
  note: {
    zh: 'SpringBlade / Saber 客户端加密登录密码所用的公钥（客户端配置 auth.publicKey），每套系统各不相同。',
    en: 'The key SpringBlade / Saber clients encrypt sign-in passwords with (their auth.publicKey); each installation has its own.',
  },
};

/** Shows the install's SM2 public key with a copy button (the open dialect's clients need it). */
export async function showSm2Key(lang: Lang) {
  try {
    const key = await getData<string>('/api/blade-auth/sm2-public-key');
    Modal.info({
      title: texts.title[lang],
      width: 640,
      content: (
        <>
          <p>{texts.note[lang]}</p>
          <Typography.Paragraph copyable={{ text: key }} code data-testid="sm2-public-key" style={{ wordBreak: 'break-all' }}>
            {key}
          </Typography.Paragraph>
        </>
      ),
    });
  } catch {
    // the request layer has said why
  }
}

export const sm2ButtonLabel = (lang: Lang) => texts.button[lang];
