import {
  HttpError,
  type ApiRequest,
  type ApiResponse,
  type ServiceDeps,
  type ServiceHandler,
} from '../http/types';
import { getUser, logout, updateUser } from './account';
import { deleteUserFactor, listUserFactors, updateUserFactor } from './admin-factors';
import { generateLink, invite } from './admin-links';
import { createUser, deleteUser, getUserById, listUsers, updateUserById } from './admin-users';
import { createAuthContext, type AuthContext } from './context';
import { authError, unexpectedFailure } from './errors';
import { enrollFactor, unenrollFactor } from './factors';
import { authorize, showConsent, submitConsent } from './google';
import { challengeFactor, verifyFactor } from './mfa-verify';
import { recover, resend, sendOtp } from './recover';
import { assertNoNulInParams } from './request';
import { linkIdentity, unlinkIdentity } from './identities';
import { reauthenticate } from './reauthenticate';
import { health, jwks, settings } from './settings';
import { signup } from './signup';
import { token } from './token';
import { unsupportedEndpoint, unsupportedFeatures } from './unsupported';
import { UnreadableUserError } from './users';
import { verifyLink, verifyOtp } from './verify';

type Endpoint = (context: AuthContext, request: ApiRequest) => Promise<ApiResponse> | ApiResponse;

interface Route {
  path: RegExp;
  methods: Partial<Record<string, Endpoint>>;
}

const routes: Route[] = [
  { path: /^\/signup$/, methods: { POST: signup } },
  { path: /^\/token$/, methods: { POST: token } },
  { path: /^\/user$/, methods: { GET: getUser, PUT: updateUser } },
  { path: /^\/logout$/, methods: { POST: logout } },
  { path: /^\/recover$/, methods: { POST: recover } },
  { path: /^\/otp$/, methods: { POST: sendOtp } },
  { path: /^\/resend$/, methods: { POST: resend } },
  { path: /^\/verify$/, methods: { GET: verifyLink, POST: verifyOtp } },
  { path: /^\/authorize$/, methods: { GET: authorize } },
  { path: /^\/authorize\/google$/, methods: { GET: showConsent, POST: submitConsent } },
  { path: /^\/settings$/, methods: { GET: settings } },
  { path: /^\/health$/, methods: { GET: health } },
  { path: /^\/\.well-known\/jwks\.json$/, methods: { GET: jwks } },
  { path: /^\/reauthenticate$/, methods: { GET: reauthenticate } },
  { path: /^\/user\/identities\/authorize$/, methods: { GET: linkIdentity } },
  { path: /^\/user\/identities\/[^/]+$/, methods: { DELETE: unlinkIdentity } },
  { path: /^\/invite$/, methods: { POST: invite } },
  { path: /^\/admin\/generate_link$/, methods: { POST: generateLink } },
  { path: /^\/admin\/users$/, methods: { GET: listUsers, POST: createUser } },
  {
    path: /^\/admin\/users\/[^/]+$/,
    methods: { GET: getUserById, PUT: updateUserById, DELETE: deleteUser },
  },
  { path: /^\/admin\/users\/[^/]+\/factors$/, methods: { GET: listUserFactors } },
  {
    path: /^\/admin\/users\/[^/]+\/factors\/[^/]+$/,
    methods: { PUT: updateUserFactor, DELETE: deleteUserFactor },
  },
  ...unsupportedFeatures.map(([path, feature]) => {
    const endpoint = unsupportedEndpoint(feature);
    return {
      path,
      methods: { GET: endpoint, POST: endpoint, PUT: endpoint, PATCH: endpoint, DELETE: endpoint },
    };
  }),
  { path: /^\/factors$/, methods: { POST: enrollFactor } },
  { path: /^\/factors\/[^/]+$/, methods: { DELETE: unenrollFactor } },
  { path: /^\/factors\/[^/]+\/challenge$/, methods: { POST: challengeFactor } },
  { path: /^\/factors\/[^/]+\/verify$/, methods: { POST: verifyFactor } },
];

/** /auth/v1: the GoTrue endpoints supabase-js calls. */
export function createAuthService(deps: ServiceDeps): ServiceHandler {
  const context = createAuthContext(deps);

  return async (request) => {
    const route = routes.find((candidate) => candidate.path.test(request.path));
    if (!route) throw authError(404, 'not_found', `No auth endpoint at ${request.path}`);
    const endpoint = route.methods[request.method];
    if (!endpoint) {
      throw authError(
        405,
        'method_not_allowed',
        `${request.method} is not allowed here`,
        {},
        {
          Allow: Object.keys(route.methods).join(', '),
        },
      );
    }
    try {
      assertNoNulInParams(request.url.searchParams);
      return await endpoint(context, request);
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof UnreadableUserError) {
        context.log.error(`auth ${request.method} ${request.path}: ${error.message}`);
        throw authError(500, 'unexpected_failure', error.answer);
      }
      context.log.error(`auth ${request.method} ${request.path} failed`, error);
      throw unexpectedFailure();
    }
  };
}
