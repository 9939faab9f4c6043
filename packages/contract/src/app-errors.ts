import { e } from './error-spec';

/** Errors of app releases (the update check and the operator's publishing); part of ERRORS. */
export const APP_ERRORS = {
  APP_VERSION_INVALID: e(
    400,
    'Enter a version such as 1.50.',
    '请输入版本号，例如 1.50。',
    '1.50과 같은 형식으로 버전을 입력해 주세요.',
    '1.50 のような形式でバージョンを入力してください。',
  ),
  APP_MINIMUM_VERSION_ABOVE: e(
    400,
    'The minimum version cannot be newer than the version being published.',
    '最低版本不能高于正在发布的版本。',
    '최소 버전은 게시하는 버전보다 높을 수 없습니다.',
    '最低バージョンは公開するバージョンより新しくできません。',
  ),
  APP_RELEASE_NOTES_REQUIRED: e(
    400,
    'Write the release notes in at least one language.',
    '请至少用一种语言填写更新说明。',
    '최소 한 가지 언어로 업데이트 내용을 작성해 주세요.',
    '少なくとも1つの言語で更新内容を記入してください。',
  ),
  APP_RELEASE_NOTES_TOO_LONG: e(
    400,
    'The release notes are too long (4000 characters at most per language).',
    '更新说明过长（每种语言最多 4000 个字符）。',
    '업데이트 내용이 너무 깁니다(언어별 최대 4000자).',
    '更新内容が長すぎます（言語ごとに最大4000文字）。',
  ),
  APP_DOWNLOAD_URL_INVALID: e(
    400,
    'The download link must be an HTTPS address or a path on this server.',
    '下载链接必须是 HTTPS 地址或本服务器上的路径。',
    '다운로드 링크는 HTTPS 주소 또는 이 서버의 경로여야 합니다.',
    'ダウンロードリンクは HTTPS のアドレスか、このサーバー上のパスにしてください。',
  ),
  APP_DOWNLOAD_CHECKSUM_INVALID: e(
    400,
    'The checksum must be the SHA-256 of the file: 64 hexadecimal characters.',
    '校验值必须是文件的 SHA-256：64 位十六进制字符。',
    '체크섬은 파일의 SHA-256(16진수 64자)이어야 합니다.',
    'チェックサムはファイルの SHA-256（16進数64文字）にしてください。',
  ),
  APP_DOWNLOAD_SIZE_INVALID: e(
    400,
    'Enter the file size in bytes (a whole number up to 2 GB).',
    '请输入文件大小（字节，整数，最大 2 GB）。',
    '파일 크기를 바이트 단위로 입력해 주세요(최대 2GB의 정수).',
    'ファイルサイズをバイト単位で入力してください（2 GB までの整数）。',
  ),
} as const;
