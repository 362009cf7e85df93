import type { Messages } from '../zh/messages';
import { app } from './app';
import { module, route } from './routes';
import { server } from './server';

export const en: Messages = { app, route, module, server };
