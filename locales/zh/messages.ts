import { app } from './app';
import { module, route } from './routes';
import { server } from './server';

/** All Chinese messages, the portal's default language. en/messages.ts has the same keys. */
export const zh = { app, route, module, server };
export type Messages = typeof zh;
