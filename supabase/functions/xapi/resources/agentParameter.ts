/**
 * The `agent` parameter of the document, agents and state resources: an Agent (not a Group,
 * xAPI-Communication 2.4 and 2.6) with exactly one identifier, each in the form xAPI-Data 2.4.2.3
 * gives it, so that the agent key the documents are filed under is the statements' key.
 */
import { XapiError } from '../http.ts';
import { agentParameter } from '../parameters.ts';

function invalid(name: string, why: string): XapiError {
  return new XapiError(400, `${name} ${why}.`);
}

export function documentAgent(
  params: URLSearchParams,
  name: string,
): Record<string, unknown> | undefined {
  const agent = agentParameter(params, name);
  if (!agent) return undefined;
  if (agent.objectType !== undefined && agent.objectType !== 'Agent') {
    throw invalid(name, 'must be an Agent');
  }
  if (agent.name !== undefined && typeof agent.name !== 'string') {
    throw invalid(name, 'has a name that is not a string');
  }
  if (
    'mbox' in agent &&
    !(typeof agent.mbox === 'string' && /^mailto:[^@\s]+@\S+$/.test(agent.mbox))
  ) {
    throw invalid(name, 'has an mbox that is not a mailto: IRI');
  }
  if (
    'mbox_sha1sum' in agent &&
    !(typeof agent.mbox_sha1sum === 'string' && /^[0-9a-f]{40}$/i.test(agent.mbox_sha1sum))
  ) {
    throw invalid(name, 'has an mbox_sha1sum that is not a SHA-1 in hex');
  }
  if (
    'openid' in agent &&
    !(typeof agent.openid === 'string' && /^[a-z][a-z0-9+.-]*:\S+$/i.test(agent.openid))
  ) {
    throw invalid(name, 'has an openid that is not a URI');
  }
  if ('account' in agent) {
    const account = agent.account as Record<string, unknown> | null;
    if (
      !account ||
      typeof account !== 'object' ||
      Array.isArray(account) ||
      typeof account.homePage !== 'string' ||
      !/^[a-z][a-z0-9+.-]*:\S+$/i.test(account.homePage) ||
      typeof account.name !== 'string' ||
      account.name === ''
    ) {
      throw invalid(name, 'has an account without an IRI homePage and a name');
    }
  }
  return agent;
}
