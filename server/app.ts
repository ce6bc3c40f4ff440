import './http/augment';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { builtServices, handlers } from './handlers';
import { AnswerCache } from './http/answer-cache';
import { registerApiDocs } from './http/api-docs';
import { registerBodyParsers } from './http/body-parsers';
import { clientErrorHandler } from './http/client-errors';
import { closeGracefully } from './http/closing';
import { loadContract, mediaTypesOf } from './http/contract';
import { errorHandler, notFoundHandler } from './http/errors';
import { rejectUnsafeText } from './http/input-guard';
import { readMultipartBody, relaxMultipartSchemas } from './http/multipart';
import { registerPages } from './http/pages';
import { registerPaymentNotifications } from './http/pay-notify';
import { registerContractRoutes } from './http/routes';
import { validateResponses } from './http/response-validation';
import { registerSpa } from './http/spa';
import { requestValidator } from './http/validators';
import { sharedRateLimitStore } from './http/rate-limit-store';
import { observeRequest } from './metrics/registry';
import type { Runtime } from './runtime';
import { type PaymentProviders, paymentProviders } from './services/payments/providers';
import { localQrProvider } from './services/qr-login/local-provider';
import { wechatQrProvider } from './services/qr-login/wechat/provider';
import { wechatLoginSettings } from './services/qr-login/wechat/settings';
import type { ServiceName } from './services/system/capabilities';

export interface BuildOptions {
  /** The process's runtime (server/runtime.ts); its database is opened and closed by whoever built it. */
  runtime: Runtime;
  /** Called after a task was queued, to wake an in-process job runner. */
  wakeJobs?: () => void;
  /** Serve the built SPA from config.STATIC_DIR (npm start / npm run serve). */
  serveSpa?: boolean;
  /** Tests only: pretend these services are built (default: those without 501 placeholders). */
  builtServices?: ReadonlySet<ServiceName>;
  /** The payment channels, when the caller built them already (server.ts shares them with the payment sync). */
  payments?: PaymentProviders;
  /** Test tooling its caller brings (the Pact provider-state endpoint, contracts/state-endpoint.ts); never the server's own entry points. */
  testRoutes?: (app: FastifyInstance, context: AppContext) => Promise<void>;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { runtime } = options;
  const { config, db } = runtime;

  const limits = { bodyLimitBytes: config.BODY_LIMIT_BYTES, uploadLimitBytes: config.UPLOAD_LIMIT_BYTES };
  const app = Fastify({
    loggerInstance: runtime.log,
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // closeGracefully refuses these in the envelope.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Requests Node or the router cannot parse (a URL over 16 KB, a bad request line, a malformed
    // percent-escape) get the error envelope too, not an English body.
    clientErrorHandler,
    frameworkErrors: errorHandler(limits),
  });
  app.decorateRequest('user', null);
  app.setValidatorCompiler(({ schema, httpPart, ...rest }) =>
    requestValidator(schema, httpPart, (rest as { contentType?: string }).contentType),
  );
  app.setErrorHandler(errorHandler(limits));
  closeGracefully(app);
  app.addHook('onResponse', async (request, reply) => {
    observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });

  const wechatSettings = wechatLoginSettings(config);
  const wechatLogin = wechatSettings ? wechatQrProvider(wechatSettings) : null;
  const context: AppContext = {
    ...runtime,
    log: app.log,
    wakeJobs: options.wakeJobs ?? (() => undefined),
    payments: options.payments ?? (await paymentProviders(db, config)),
    qrLogin: wechatLogin ?? localQrProvider,
    wechatLogin,
    builtServices: options.builtServices ?? builtServices,
    answers: new AnswerCache(config.ANSWER_CACHE_MB * 1024 * 1024),
  };

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        // Chakra (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // WeChat's QR page, embedded in the login overlay as wxLogin.js would embed it; nothing else is framed.
        frameSrc: wechatSettings ? ["'self'", new URL(wechatSettings.openBaseUrl).origin] : ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The app is also served over plain HTTP on a LAN address; HSTS would lock browsers out of it.
    strictTransportSecurity: config.PUBLIC_BASE_URL?.startsWith('https:') ?? false,
  });
  // On PostgreSQL several API processes may serve one site: they count in the database. The embedded one, one process.
  await app.register(rateLimit, { global: false, ...(db.engine === 'postgres' ? { store: sharedRateLimitStore(db) } : {}) });
  await app.register(cookie);
  const contract = loadContract();
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_LIMIT_BYTES, files: 1, fields: 20, fieldSize: config.BODY_LIMIT_BYTES },
  });
  app.addHook('preValidation', readMultipartBody);
  // After the body is read, before validation and any handler: no U+0000 or lone surrogate goes further.
  app.addHook('preValidation', rejectUnsafeText);
  registerBodyParsers(app, mediaTypesOf(contract));
  app.addHook('onRoute', relaxMultipartSchemas);
  if (config.VALIDATE_RESPONSES) app.addHook('preSerialization', validateResponses);

  await registerContractRoutes(app, contract, handlers, context);
  await registerApiDocs(app);
  await registerPages(app, context);
  await registerPaymentNotifications(app, context);
  await options.testRoutes?.(app, context);

  if (options.serveSpa) {
    await registerSpa(app, config.STATIC_DIR);
  } else {
    app.setNotFoundHandler(notFoundHandler);
  }
  return app;
}
