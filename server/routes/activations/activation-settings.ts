/**
 * PUT /api/v1/activation/with-list?id=: the settings of a draft or paused activation (name,
 * platform, minimum APM) changed together, as the guided create made them together. A new
 * minimum APM re-derives the allow list from the measurement's domains (the preview's own
 * reckoning, server/routes/activations/activations.ts): the list made for this activation alone is refilled
 * in place, and a list other activations share (or a block list) is left alone for a new allow
 * list of this one's own. The activation's version (If-Match, its ETag) guards the whole change:
 * someone else's save in between answers 412 and changes nothing.
 */
import { routePlugin } from '../../plugins/named.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activationMessages, allowListName, canEditSettings } from '../../../src/shared/activations.ts';
import {
  errorResponse,
  resources,
  type Activation,
  type DomainList,
  type ResourceRow,
  type User,
} from '../../../src/shared/schemas/index.ts';
import { badRequest, HttpError, invalidField, issuesMessage, notFound } from '../../http-errors.ts';
import type { AccessPolicy } from '../../plugins/access.ts';
import { newId, type Repositories, type StoredRow } from '../../store/repositories.ts';
import { nowIso } from '../../sandbox/context.ts';
import { prepareActivation } from './activation-rules.ts';
import { domainPreview } from './activations.ts';
import { assertIfMatch, etagOf } from '../resources/concurrency.ts';
import { assertReferences } from '../resources/resource-rules.ts';
import { endpoints } from '../../../src/shared/endpoints/index.ts';
import { routeFrom } from '../endpoint-route.ts';

/** The selected account is the account of the activation the request names; writing needs the write role. */
function activationPolicy(app: FastifyInstance): AccessPolicy {
  return {
    rule: { feature: 'lamp_access' },
    permission: 'activation.write',
    account: (request: FastifyRequest) => {
      const id = (request.query as { id?: unknown } | undefined)?.id;
      return typeof id === 'string' ? app.repositories.activation.byId(id)?.account : undefined;
    },
  };
}

/**
 * The allow list the activation uses after its minimum APM changed to `minApm`, and whether it is
 * new. Throws a 400 when the measurement has no domain at that minimum (nothing is written).
 */
function derivedList(
  app: FastifyInstance,
  repositories: Repositories,
  activation: Activation,
  name: string,
  minApm: number,
): { list: StoredRow; created: boolean } {
  const measurement = activation.measurement ? repositories.measurement.byId(activation.measurement) : undefined;
  if (!measurement) throw invalidField('min_apm', activationMessages.noMeasurement);
  const preview = domainPreview(app, measurement, minApm);
  if (preview.qualifying.count === 0) throw invalidField('min_apm', activationMessages.noQualifyingDomains(minApm));
  const current = activation.domain_list ? repositories['domain-list'].byId(activation.domain_list) : undefined;
  const shared =
    !current ||
    current.type !== 'allow' ||
    repositories.activation.findBy('domain_list', current.id).some((other) => other.id !== activation.id);
  if (shared) {
    const list = {
      id: newId(),
      created_at: nowIso(),
      account: activation.account,
      name: allowListName(name),
      type: 'allow',
      domains: preview.qualifying.domains,
    };
    return { list, created: true };
  }
  return { list: { ...current, domains: preview.qualifying.domains }, created: false };
}

export function activationSettingsRoutes(app: FastifyInstance): void {
  const repositories = app.repositories;

  routeFrom(
    app,
    endpoints.updateActivationSettings,
    {
      config: { access: activationPolicy(app) },
      description:
        "The three settings together. A new min_apm re-derives the allow list from the measurement's domains (as " +
        '/api/v1/measurement-domains previews them): the list made for this activation alone is refilled, a list ' +
        'shared with other activations (or a block list) is left as it is and a new allow list is made. A list named ' +
        "after the activation ('… – allow list') follows a new name. 400 when no domain reaches min_apm; 409 when " +
        "the activation is active or ended; with If-Match (the activation's ETag from GET /api/v1/activation?id=), " +
        'an activation changed since is refused (412). The answer carries the new ETag.',
      responses: {
        400: errorResponse,
        403: errorResponse,
        404: errorResponse,
        409: errorResponse,
        412: errorResponse,
      },
    },
    async (request, reply) => {
      const user = request.user as User;
      const current = repositories.activation.byId(request.query.id);
      if (!current || !request.access || current.account !== request.access.account.id) {
        throw notFound('No activation with this id, or no access to it');
      }
      assertIfMatch(request, current, 'activation');
      // The state rule first: an active deal's settings are not previewed, let alone changed.
      if (current.status === 'ended') throw new HttpError(409, activationMessages.ended);
      if (!canEditSettings(current.status)) throw new HttpError(409, activationMessages.settingsLocked);

      const { name, vendor, min_apm: minApm } = request.body;
      const next: StoredRow = { ...current, name, vendor, min_apm: minApm };
      const storedList = current.domain_list ? repositories['domain-list'].byId(current.domain_list) : undefined;
      let list: StoredRow | null = storedList ?? null;
      let created = false;
      if (minApm !== current.min_apm) {
        ({ list, created } = derivedList(app, repositories, current, name, minApm));
        next.domain_list = list.id;
      }
      // A list named after the activation keeps following its name.
      if (list && !created && list.name === allowListName(current.name) && name !== current.name) {
        list = { ...list, name: allowListName(name) };
      }
      assertReferences(repositories, user, resources.activation, { vendor }, next, current);
      prepareActivation(repositories, next, current);
      const result = resources.activation.row.safeParse(next);
      if (!result.success) throw badRequest(issuesMessage(result.error));
      const listChanged = list !== null && list !== (storedList ?? null);
      if (list && listChanged) {
        const checked = resources['domain-list'].row.safeParse(list);
        if (!checked.success) throw badRequest(issuesMessage(checked.error));
      }
      // Both rows go into the store before either write is awaited: no reader sees one alone.
      const listRow = list as ResourceRow<'domain-list'> | null;
      await Promise.all([
        listChanged && listRow
          ? created
            ? repositories['domain-list'].insert(listRow)
            : repositories['domain-list'].replace(listRow)
          : null,
        repositories.activation.replace(next as ResourceRow<'activation'>),
      ]);
      void reply.header('etag', etagOf(repositories.activation.byId(next.id) ?? next));
      return { data: { activation: next as Activation, domain_list: list as DomainList | null } };
    },
  );
}

export const activationSettingsPlugin = routePlugin('activation-settings', activationSettingsRoutes);
