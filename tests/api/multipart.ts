import { randomBytes } from 'node:crypto';

/**
 * A multipart/form-data body as a browser sends an upload: the text fields, then one file. Answers the
 * bytes and the content-type header that names their boundary.
 */
export function multipartBody(fields: Record<string, string>, file: { name: string; content: Buffer }) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const body = Buffer.concat([
    Buffer.from(
      `${parts.join('')}--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'content-type: application/octet-stream\r\n\r\n',
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
