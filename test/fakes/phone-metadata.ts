import metadata from 'libphonenumber-js/metadata.min.json';
import type { PhoneMetadata } from '../../src/core/pii';

/** The number plans the extension packages (wxt.config.ts), as the background loads them. */
export const phoneMetadata = metadata as PhoneMetadata;
