import { verifyCaptcha } from '../captcha/enforce';
import { routePattern, type PathParams, type RoutePattern } from '../http/route-pattern';
import { HttpError, type ServiceDeps, type ServiceHandler } from '../http/types';
import { getUser, logout, updateUser } from './account';
import { deleteUserFactor, listUserFactors, updateUserFactor } from './admin-factors';
import { generateLink, invite } from './admin-links';
import { createUser, deleteUser, getUserById, listUsers, updateUserById } from './admin-users';
import { createAuthContext, type Endpoint } from './context';
import { authError, unexpectedFailure } from './errors';
import { enrollFactor, unenrollFactor } from './factors';
import { challengeFactor, verifyFactor } from './mfa-verify';
import { authorize, showConsent, submitConsent } from './oauth';
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

interface Route {
  pattern: RoutePattern;
  methods: Partial<Record<string, Endpoint>>;
}

/** A route whose endpoints may only read the parameters its pattern names. */
function route<Path extends string>(
  path: Path,
  methods: Partial<Record<string, Endpoint<PathParams<Path>>>>,
): Route {
  return { pattern: routePattern(path), methods: methods as Route['methods'] };
}

const routes: Route[] = [
  route('/signup', { POST: signup }),
  route('/token', { POST: token }),
  route('/user', { GET: getUser, PUT: updateUser }),
  route('/logout', { POST: logout }),
  route('/recover', { POST: recover }),
  route('/otp', { POST: sendOtp }),
  route('/resend', { POST: resend }),
  route('/verify', { GET: verifyLink, POST: verifyOtp }),
  route('/authorize', { GET: authorize }),
  route('/authorize/:provider', { GET: showConsent, POST: submitConsent }),
  route('/settings', { GET: settings }),
  route('/health', { GET: health }),
  route('/.well-known/jwks.json', { GET: jwks }),
  route('/reauthenticate', { GET: reauthenticate }),
  route('/user/identities/authorize', { GET: linkIdentity }),
  route('/user/identities/:identityId', { DELETE: unlinkIdentity }),
  route('/invite', { POST: invite }),
  route('/admin/generate_link', { POST: generateLink }),
  route('/admin/users', { GET: listUsers, POST: createUser }),
  route('/admin/users/:userId', { GET: getUserById, PUT: updateUserById, DELETE: deleteUser }),
  route('/admin/users/:userId/factors', { GET: listUserFactors }),
  route('/admin/users/:userId/factors/:factorId', {
    PUT: updateUserFactor,
    DELETE: deleteUserFactor,
  }),
  ...unsupportedFeatures.map(([path, feature]) => {
    const endpoint = unsupportedEndpoint(feature);
    return route(path, {
      GET: endpoint,
      POST: endpoint,
      PUT: endpoint,
      PATCH: endpoint,
      DELETE: endpoint,
    });
  }),
  route('/factors', { POST: enrollFactor }),
  route('/factors/:factorId', { DELETE: unenrollFactor }),
  route('/factors/:factorId/challenge', { POST: challengeFactor }),
  route('/factors/:factorId/verify', { POST: verifyFactor }),
];

/** /auth/v1: the GoTrue endpoints supabase-js calls. */
export function createAuthService(deps: ServiceDeps): ServiceHandler {
  const context = createAuthContext(deps);

  return async (request) => {
    let params: Readonly<Record<string, string>> | undefined;
    const matched = routes.find((candidate) => (params = candidate.pattern.match(request.path)));
    if (!matched || !params) {
      throw authError(404, 'not_found', `No auth endpoint at ${request.path}`);
    }
    const endpoint = matched.methods[request.method];
    if (!endpoint) {
      throw authError(
        405,
        'method_not_allowed',
        `${request.method} is not allowed here`,
        {},
        {
          Allow: Object.keys(matched.methods).join(', '),
        },
      );
    }
    try {
      assertNoNulInParams(request.url.searchParams);
      // GoTrue's captcha middleware: before the endpoint, on the routes it guards (none when off).
      await verifyCaptcha(context, request);
      return await endpoint(context, request, params);
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
