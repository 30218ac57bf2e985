import { LANG_NAMES, LANGS, referenceApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { requestLang } from '../../lib/lang.js';
import { anyone, optionallySignedIn, routeGroup } from '../../plugins/route-group.js';
import { listAreaCodes, saveUserLang } from './repo.js';

const tags = ['reference'];

export async function referenceRoutes(app: FastifyInstance) {
  const reader = routeGroup(app, tags, optionallySignedIn);

  routeGroup(app, tags, anyone).getAndPost('/area_code', {
    summary: 'Country dialling codes',
    reply: referenceApi.areaCodesReply,
    handler: () => listAreaCodes(app.db),
  });

  /** Stores the chosen language on the account when signed in; always echoes it for the device to keep. */
  reader.post('/set/lang', {
    summary: 'Choose the language',
    body: referenceApi.setLangBody,
    reply: referenceApi.setLangReply,
    handler: async (request) => {
      if (request.user) await saveUserLang(app.db, request.user.id, request.body.lang);
      return request.body.lang;
    },
  });

  reader.getAndPost('/get/lang', {
    summary: 'Languages and the current one',
    reply: referenceApi.langsReply,
    handler: (request) => ({
      current: request.user?.lang ?? requestLang(request),
      langs: LANGS.map((mark) => ({ mark, name: LANG_NAMES[mark] })),
    }),
  });
}
