import { LANG_NAMES, LANGS, okReply, referenceApi } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLang } from '../../lib/lang.js';
import { ok } from '../../lib/reply.js';
import { listAreaCodes as areaCodeList, saveUserLang } from './repo.js';

const tags = ['reference'];

export async function referenceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  const listAreaCodes = async () => ok(await areaCodeList(app.db));
  const areaCodes = { tags, summary: 'Country dialling codes', response: { 200: okReply(referenceApi.areaCodesReply) } };
  app.get('/area_code', { schema: areaCodes }, listAreaCodes);
  app.post('/area_code', { schema: areaCodes }, listAreaCodes);

  /** Stores the chosen language on the account when signed in; always echoes it for the device to keep. */
  app.post(
    '/set/lang',
    {
      schema: {
        tags,
        summary: 'Choose the language',
        body: referenceApi.setLangBody,
        response: { 200: okReply(referenceApi.setLangReply) },
      },
      preHandler: app.optionalUser,
    },
    async (request) => {
      if (request.user) await saveUserLang(app.db, request.user.id, request.body.lang);
      return ok(request.body.lang);
    },
  );

  const getLang = async (request: FastifyRequest) =>
    ok({ current: request.user?.lang ?? requestLang(request), langs: LANGS.map((mark) => ({ mark, name: LANG_NAMES[mark] })) });
  const langs = { tags, summary: 'Languages and the current one', response: { 200: okReply(referenceApi.langsReply) } };
  app.post('/get/lang', { schema: langs, preHandler: app.optionalUser }, getLang);
  app.get('/get/lang', { schema: langs, preHandler: app.optionalUser }, getLang);
}
