/** What Chromium sends as `Accept-Encoding` with every request: the benchmarks and the API tests send it too. */
export const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
