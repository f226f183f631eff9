import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, browserPerTest } from '../support/browser.js';

const ui = browserPerTest();
let page: Page;
beforeEach(() => {
  page = ui.page();
});

/** Steps that go through the gateway and the API get more than expect.poll's default second. */
const POLL = { timeout: 15_000 };

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A 1×1 PNG, so that the thumbnail really decodes. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

type Synthetic = { name: string; type: string } & ({ png: true } | { bytes: number });

/**
 * Drops the files on the drop zone, or pastes them into it, as the browser does for a file
 * dragged from the desktop or an image on the clipboard: a DataTransfer in a drop or paste event.
 */
async function deliver(way: 'drop' | 'paste', zoneTestId: string, files: Synthetic[]) {
  await page.getByTestId(zoneTestId).evaluate(
    (zone, { way, files, png }) => {
      const transfer = new DataTransfer();
      for (const file of files) {
        const body = 'png' in file ? Uint8Array.from(atob(png), (char) => char.charCodeAt(0)) : new Uint8Array(file.bytes);
        transfer.items.add(new File([body], file.name, { type: file.type }));
      }
      if (way === 'drop') {
        zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
      } else {
        // A paste reaches the zone while it has focus: the hidden input is its focusable part.
        const input = zone.querySelector('input[type="file"]') as HTMLInputElement;
        input.focus();
        input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
      }
    },
    { way, files, png: PNG_BASE64 },
  );
}

/** The thumbnail of a picked image: its alt is the file's name, and it decoded. */
async function thumbnail(name: string) {
  const image = page.getByRole('img', { name });
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), POLL).toBe(true);
  return image;
}

describe('drop zone in Chromium', () => {
  it('takes a dropped and a pasted image with thumbnail and name, removes it, and refuses a wrong type and a too large file before sending', async () => {
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') uploads.push(request.url());
    });
    await page.goto(`${baseURL()}/register`);
    const zone = 'register-logo-input-zone';
    await page.getByTestId(zone).waitFor();
    // The native control's "No file chosen" is nowhere.
    expect(await page.getByText(/No file chosen/).count()).toBe(0);

    await deliver('drop', zone, [{ name: 'dropped-logo.png', type: 'image/png', png: true }]);
    await thumbnail('dropped-logo.png');
    const remove = page.getByRole('button', { name: 'Remove dropped-logo.png' });
    expect(await remove.isVisible()).toBe(true);
    await remove.click();
    await expect.poll(() => page.getByRole('img', { name: 'dropped-logo.png' }).count()).toBe(0);

    await deliver('paste', zone, [{ name: 'image.png', type: 'image/png', png: true }]);
    await thumbnail('image.png');
    expect(await page.getByRole('button', { name: 'Remove image.png' }).isVisible()).toBe(true);

    await deliver('drop', zone, [{ name: 'notes.txt', type: 'text/plain', bytes: 12 }]);
    const problems = page.getByTestId('register-logo-input-error');
    await expect.poll(() => problems.innerText()).toMatch(/notes\.txt/);
    expect(await problems.innerText()).toMatch(/PNG/);
    // The refused file did not replace the picked image.
    await thumbnail('image.png');

    await deliver('drop', zone, [{ name: 'huge.png', type: 'image/png', bytes: 10 * 1024 * 1024 + 1 }]);
    await expect.poll(() => problems.innerText()).toMatch(/huge\.png.*10\s?MB/s);
    expect(await page.getByRole('img', { name: 'huge.png' }).count()).toBe(0);

    expect(uploads.filter((url) => url.includes('/sign/up'))).toEqual([]);
  });

  it("says in Korean under the prefix field that the API refused a prefix another company holds, then registers with the dropped logo", async () => {
    await page.context().addInitScript(() => window.localStorage.setItem('console.language', 'ko'));
    const serviceName = `dz-${unique()}`;
    await page.goto(`${baseURL()}/register`);
    await page.getByLabel('회사명').fill(`Drop ${serviceName}`);
    await page.getByLabel('서비스 이름').fill(serviceName);
    await expect.poll(() => page.getByTestId('service-name-status').innerText(), POLL).toBe('사용할 수 있는 서비스 이름입니다.');
    // 0614141 belongs to the demo company Acme.
    await page.getByLabel('GS1 업체 코드').fill('7090001, 0614141');
    await page.getByLabel('이름', { exact: true }).fill('Dora');
    await page.getByLabel('성', { exact: true }).fill('Drop');
    await page.getByLabel('이메일 주소').fill(`owner@${serviceName}.example`);
    await page.getByLabel('비밀번호', { exact: true }).fill('Drop-pass-2026');
    await page.getByLabel('비밀번호 확인').fill('Drop-pass-2026');
    await deliver('drop', 'register-logo-input-zone', [{ name: 'logo.png', type: 'image/png', png: true }]);
    await thumbnail('logo.png');
    await page.getByRole('button', { name: '계정 만들기' }).click();

    const prefixes = page.getByLabel('GS1 업체 코드');
    await expect.poll(() => prefixes.getAttribute('aria-invalid'), POLL).toBe('true');
    const described = (await prefixes.getAttribute('aria-describedby')) ?? '';
    const error = page.locator(`[id="${described.split(' ').at(-1)}"]`);
    expect(await error.innerText()).toBe('다른 회사가 이미 보유한 코드입니다: 0614141. GS1에서 귀사에 부여한 코드만 입력하세요.');
    expect(await error.getAttribute('role')).toBe('alert');
    // No English and no raw API words reach the field.
    expect(await page.getByText(/held by another company/).count()).toBe(0);

    await prefixes.fill('7090001');
    await page.getByRole('button', { name: '계정 만들기' }).click();
    await page.getByTestId('register-success').waitFor(POLL);
    expect(await page.getByTestId('register-success').innerText()).toContain(`owner@${serviceName}.example`);
  });
});
