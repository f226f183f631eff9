import { lines, type MailMessages } from '../types.js';

export const ko: MailMessages = {
  signUpAttempt: ({ signInLink, resetLink }) => ({
    subject: '누군가 회원님의 이메일 주소로 가입을 시도했습니다',
    text: lines(
      '안녕하세요.',
      '',
      '누군가 이 이메일 주소로 Product Console에 새 회사를 등록하려고 했습니다.',
      '이 주소에는 이미 계정이 있으므로 아무것도 생성되거나 변경되지 않았습니다.',
      '',
      '본인이 시도하셨다면 기존 계정으로 로그인하세요.',
      '',
      signInLink,
      '',
      '비밀번호를 잊으셨나요? 여기에서 새 비밀번호를 설정하세요.',
      '',
      resetLink,
      '',
      '본인이 시도하지 않았다면 이 메일을 무시하셔도 됩니다.',
    ),
  }),
  passwordReset: ({ firstName, link, code, minutes }) => ({
    subject: '비밀번호 재설정',
    text: lines(
      `${firstName}님, 안녕하세요.`,
      '',
      'Product Console 계정의 비밀번호 재설정이 요청되었습니다.',
      '아래 링크를 열어 새 비밀번호를 설정하세요.',
      '',
      link,
      '',
      `또는 다음 인증 코드를 입력하세요: ${code}`,
      '',
      `링크와 코드는 한 번만 사용할 수 있으며 ${minutes}분 후에 만료됩니다.`,
      '요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 변경되지 않습니다.',
    ),
  }),
  invitation: ({ firstName, companyName, link, days }) => ({
    subject: `${companyName ?? 'Product Console'}에 초대되었습니다`,
    text: lines(
      `${firstName}님, 안녕하세요.`,
      '',
      `Product Console에서 ${companyName ?? '회사'}의 제품을 관리하도록 초대되었습니다.`,
      '아래 링크를 열어 비밀번호를 설정하고 참여하세요.',
      '',
      link,
      '',
      `링크는 한 번만 사용할 수 있으며 ${days}일 후에 만료됩니다.`,
    ),
  }),
  reportAnswer: ({ companyName, productName, reportedOn, message }) => ({
    subject: `${companyName}: ${productName} 신고에 대한 답변`,
    text: lines(
      '안녕하세요.',
      '',
      `${reportedOn}에 보내신 ${productName} 신고에 대해 ${companyName}에서 답변드립니다:`,
      '',
      message,
      '',
      '신고를 보내실 때 답변을 요청하셨기 때문에 이 메일을 받으셨습니다.',
    ),
  }),
};
