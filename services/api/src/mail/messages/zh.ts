import { lines, type MailMessages } from '../types.js';

export const zh: MailMessages = {
  signUpAttempt: ({ signInLink, resetLink }) => ({
    subject: '有人尝试使用您的电子邮件地址注册',
    text: lines(
      '您好：',
      '',
      '有人尝试使用此电子邮件地址在 Product Console 中注册新公司。',
      '该地址已有账户，因此没有创建或更改任何内容。',
      '',
      '如果是您本人，请使用您的账户登录：',
      '',
      signInLink,
      '',
      '忘记密码？请在此设置新密码：',
      '',
      resetLink,
      '',
      '如果不是您本人，请忽略此邮件。',
    ),
  }),
  passwordReset: ({ firstName, link, code, minutes }) => ({
    subject: '重置密码',
    text: lines(
      `${firstName}，您好：`,
      '',
      '有人请求重置您的 Product Console 账户密码。',
      '请打开此链接设置新密码：',
      '',
      link,
      '',
      `或输入此验证码：${code}`,
      '',
      `链接和验证码只能使用一次，将在 ${minutes} 分钟后过期。`,
      '如果这不是您的请求，请忽略此邮件，您的密码不会改变。',
    ),
  }),
  invitation: ({ firstName, companyName, link, days }) => ({
    subject: `您受邀加入${companyName ?? ' Product Console'}`,
    text: lines(
      `${firstName}，您好：`,
      '',
      `您受邀在 Product Console 中管理${companyName ?? '一家公司'}的产品。`,
      '请打开此链接设置密码并加入：',
      '',
      link,
      '',
      `链接只能使用一次，将在 ${days} 天后过期。`,
    ),
  }),
  reportAnswer: ({ companyName, productName, reportedOn, message }) => ({
    subject: `${companyName}：关于您对${productName}的举报`,
    text: lines(
      '您好，',
      '',
      `${companyName}就您于${reportedOn}提交的关于${productName}的举报答复如下：`,
      '',
      message,
      '',
      '您收到此邮件，是因为您在提交举报时要求获得答复。',
    ),
  }),
};
