import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Notification, UiLanguage } from '@product-console/shared';
import { AppProvider } from '@/app/provider';
import en from '@/locales/en.json';
import ko from '@/locales/ko.json';
import italian from '@/locales/it.json';
import { NotificationItem } from '@/features/notifications/components/notification-item';

function renderItem(notification: Notification, language: UiLanguage) {
  const messages = language === 'ko' ? { ...en, ...ko } : language === 'it' ? { ...en, ...italian } : en;
  render(
    <ul>
      <NotificationItem notification={notification} onMarkRead={() => undefined} busy={false} />
    </ul>,
    { wrapper: ({ children }) => <AppProvider language={language} messages={messages}>{children}</AppProvider> },
  );
  return screen.getByTestId('notification-item');
}

const base = { isRead: false, createTime: '2026-01-01T00:00:00Z' };

describe('a notification in the reader’s language', () => {
  it('shows a plan-usage notice in Korean, with its numbers formatted', () => {
    const item = renderItem(
      {
        ...base,
        notificationId: 1,
        title: 'Plan limit almost reached: products',
        message: 'You have used 1600 of 2000 products of your Business plan.',
        type: 'plan.usage',
        params: { resource: 'product', threshold: 80, used: 1600, limit: 2000, planName: 'Business' },
      },
      'ko',
    );
    expect(item).toHaveTextContent('요금제 한도에 거의 도달: 제품');
    expect(item).toHaveTextContent('Business 요금제의 제품 2,000개 중 1,600개를 사용했습니다.');
    expect(item).not.toHaveTextContent('Plan limit');
  });

  it('shows a sub-admin who joined in Korean', () => {
    const item = renderItem(
      { ...base, notificationId: 2, title: 'New sub-admin', message: 'Sid Sub joined your company.', type: 'subAdmin.joined', params: { name: 'Sid Sub' } },
      'ko',
    );
    expect(item).toHaveTextContent('새 서브 관리자');
    expect(item).toHaveTextContent('Sid Sub님이 회사에 합류했습니다.');
  });

  it('shows a suspicious serial in Korean, with the countries it was scanned in', () => {
    const item = renderItem(
      {
        ...base,
        notificationId: 5,
        title: 'Suspicious serial: TH-0004',
        message: 'Trailhead Hiking Boots serial TH-0004 was scanned in DE, KR within a short time. It may be copied.',
        type: 'serial.suspiciousCountries',
        params: { productName: 'Trailhead Hiking Boots', serial: 'TH-0004', countries: 'DE, KR' },
      },
      'ko',
    );
    expect(item).toHaveTextContent('의심스러운 일련번호: TH-0004');
    expect(item).toHaveTextContent('Trailhead Hiking Boots의 일련번호 TH-0004이(가) 짧은 시간 안에 DE, KR에서 스캔되었습니다.');
    expect(item).not.toHaveTextContent('Suspicious');
  });

  it('shows a diversion signal in Italian, naming the country in Italian', () => {
    const item = renderItem(
      {
        ...base,
        notificationId: 6,
        title: 'Scanned outside its markets: Trailhead Hiking Boots TH-0004',
        message: 'Trailhead Hiking Boots serial TH-0004 was scanned in Japan on 2026-03-01 12:00 UTC, outside its intended markets. It may be diverted.',
        type: 'diversion.serial',
        params: { productName: 'Trailhead Hiking Boots', serial: 'TH-0004', country: 'JP', at: '2026-03-01T12:00:00Z' },
      },
      'it',
    );
    expect(item).toHaveTextContent('Scansionato fuori dai suoi mercati: Trailhead Hiking Boots TH-0004');
    expect(item).toHaveTextContent(/Il numero di serie TH-0004 di Trailhead Hiking Boots è stato scansionato in Giappone il 1 mar 2026/);
    expect(item).not.toHaveTextContent('Japan');
  });

  it('formats the date of a scheduled maintenance for the reader', () => {
    const item = renderItem(
      {
        ...base,
        notificationId: 3,
        title: 'Scheduled maintenance',
        message: 'The console will be briefly unavailable on Sunday 02:00 UTC.',
        type: 'maintenance.scheduled',
        params: { at: '2026-03-01T02:00:00Z' },
      },
      'en',
    );
    expect(item).toHaveTextContent('Scheduled maintenance');
    expect(item).toHaveTextContent(/The console will be briefly unavailable on \w+day, (February 28|March 1), 2026 at/);
  });

  it('keeps the server’s text for a kind the console does not know', () => {
    const item = renderItem({ ...base, notificationId: 4, title: 'Plan renewed early', message: 'Something new.', type: 'something.new', params: {} }, 'ko');
    expect(item).toHaveTextContent('Plan renewed early');
    expect(item).toHaveTextContent('Something new.');
  });
});
