import { lines, type MailMessages } from '../types.js';

export const ja: MailMessages = {
  signUpAttempt: ({ signInLink, resetLink }) => ({
    subject: 'お使いのメールアドレスで登録が試みられました',
    text: lines(
      'こんにちは。',
      '',
      'このメールアドレスで Product Console に新しい会社を登録しようとした人がいます。',
      'このアドレスにはすでにアカウントがあるため、何も作成・変更されていません。',
      '',
      'ご本人の場合は、お持ちのアカウントでサインインしてください。',
      '',
      signInLink,
      '',
      'パスワードをお忘れの場合は、こちらで新しいパスワードを設定してください。',
      '',
      resetLink,
      '',
      'お心当たりがない場合は、このメールを無視してください。',
    ),
  }),
  passwordReset: ({ firstName, link, code, minutes }) => ({
    subject: 'パスワードの再設定',
    text: lines(
      `${firstName} 様`,
      '',
      'Product Console アカウントのパスワード再設定が依頼されました。',
      '次のリンクを開いて新しいパスワードを設定してください。',
      '',
      link,
      '',
      `または次の確認コードを入力してください: ${code}`,
      '',
      `リンクとコードは一度だけ使用でき、${minutes} 分後に期限切れになります。`,
      'お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
    ),
  }),
  invitation: ({ firstName, companyName, link, days }) => ({
    subject: `${companyName ?? 'Product Console'} に招待されました`,
    text: lines(
      `${firstName} 様`,
      '',
      `Product Console で ${companyName ?? '会社'} の製品を管理するよう招待されました。`,
      '次のリンクを開いてパスワードを設定し、参加してください。',
      '',
      link,
      '',
      `リンクは一度だけ使用でき、${days} 日後に期限切れになります。`,
    ),
  }),
  reportAnswer: ({ companyName, productName, reportedOn, message }) => ({
    subject: `${companyName}：${productName}に関するご報告への回答`,
    text: lines(
      'こんにちは。',
      '',
      `${reportedOn}にお送りいただいた${productName}に関するご報告について、${companyName}より回答いたします：`,
      '',
      message,
      '',
      'ご報告の際に回答をご希望されたため、このメールをお送りしています。',
    ),
  }),
};
