/**
 * zxcvbn (about 400 KB gzipped with its dictionaries) in a chunk of its own, named after this
 * file, loaded only where a password form shows.
 */
export { default } from 'zxcvbn';
