import { APP_VERSION } from '@wallet/contract';
import type { Db } from '../../platform/db/database';
import { insertReleaseIfMissing } from '../app-release/service';

/** What is new in 1.50, as an operator would publish it; the demo shows it on the version page. */
export const DEMO_RELEASE_NOTES = {
  en: [
    'Install the app from your browser: it opens from the home screen and works offline.',
    'A prompt tells you when a new version is ready; tap Update to switch to it.',
    'New Version, Download and About pages, with the licences of the open-source parts.',
    'Faster flash exchange and clearer order history.',
  ].join('\n'),
  zh: [
    '可从浏览器安装应用：从主屏幕打开，离线也能使用。',
    '有新版本时会提示您，点击“更新”即可切换。',
    '新增版本信息、下载和关于页面，并列出开源组件的许可证。',
    '闪兑更快，订单记录更清晰。',
  ].join('\n'),
  ko: [
    '브라우저에서 앱을 설치할 수 있습니다. 홈 화면에서 열리고 오프라인에서도 작동합니다.',
    '새 버전이 준비되면 알려 드립니다. 업데이트를 누르면 전환됩니다.',
    '버전, 다운로드, 정보 페이지가 추가되었고 오픈 소스 구성 요소의 라이선스를 볼 수 있습니다.',
    '더 빨라진 빠른 환전과 더 명확한 주문 내역.',
  ].join('\n'),
  ja: [
    'ブラウザからアプリをインストールできます。ホーム画面から開け、オフラインでも使えます。',
    '新しいバージョンの準備ができるとお知らせします。「更新」をタップすると切り替わります。',
    'バージョン、ダウンロード、このアプリについてのページを追加し、オープンソース部品のライセンスを掲載しました。',
    'フラッシュ両替の高速化と、わかりやすくなった注文履歴。',
  ].join('\n'),
} as const;

/**
 * The demo's release of the current version with its notes, added once (an operator's later publish
 * of the same version is kept). No Android package: the download page then says none is published.
 */
export async function seedAppRelease(db: Db): Promise<void> {
  await insertReleaseIfMissing(db, {
    version: APP_VERSION,
    minimum_version: null,
    notes: DEMO_RELEASE_NOTES,
    android_url: null,
    android_sha256: null,
    android_size: null,
    published_at: new Date(),
    published_by: null,
  });
}
