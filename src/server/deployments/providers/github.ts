// GitHub: `deployment_status` (success or failure of a deployment) and `workflow_run`
// completed (a GitHub Actions run that deploys). Field paths as in GitHub's webhook docs.
import { commit, type DeliveryMapper, hostsOf, httpUrl, ignored, text, versionLabel } from './types.ts';

const FAILED_STATES = new Set(['failure', 'error']);
const FAILED_CONCLUSIONS = new Set(['failure', 'timed_out', 'startup_failure']);

export const mapGithub: DeliveryMapper = ({ headers, payload }) => {
  const event = headers.get('x-github-event');
  const delivery = headers.get('x-github-delivery');
  if (event === 'deployment_status') {
    const state = text(payload, 'deployment_status.state');
    if (state !== 'success' && !FAILED_STATES.has(state ?? '')) {
      return ignored(`deployment_status ${state ?? 'without a state'} is neither success nor failure`);
    }
    const url = httpUrl(text(payload, 'deployment_status.environment_url', 2000));
    const sha = commit(text(payload, 'deployment.sha'));
    const ref = text(payload, 'deployment.ref');
    return {
      kind: 'deployment',
      version: versionLabel(ref, sha),
      environment: text(payload, 'deployment.environment', 50) ?? 'production',
      commitSha: sha,
      branch: ref,
      url,
      status: state === 'success' ? 'succeeded' : 'failed',
      providerUrl:
        httpUrl(text(payload, 'deployment_status.target_url', 2000)) ??
        httpUrl(text(payload, 'repository.html_url', 2000)),
      deliveryKey: delivery ?? `deployment_status:${text(payload, 'deployment_status.id')}`,
      hosts: hostsOf(url),
    };
  }
  if (event === 'workflow_run') {
    if (text(payload, 'action') !== 'completed') return ignored('workflow_run is not completed yet');
    const conclusion = text(payload, 'workflow_run.conclusion') ?? '';
    if (conclusion !== 'success' && !FAILED_CONCLUSIONS.has(conclusion)) {
      return ignored(`workflow_run concluded ${conclusion || 'without a conclusion'}`);
    }
    const name = text(payload, 'workflow_run.name', 80);
    const run = text(payload, 'workflow_run.run_number', 12);
    const sha = commit(text(payload, 'workflow_run.head_sha'));
    return {
      kind: 'deployment',
      // The run as GitHub names it ("Deploy #562"), which is how the team finds it.
      version: name && run ? `${name} #${run}` : versionLabel(null, sha),
      environment: 'production',
      commitSha: sha,
      branch: text(payload, 'workflow_run.head_branch'),
      url: null,
      status: conclusion === 'success' ? 'succeeded' : 'failed',
      providerUrl: httpUrl(text(payload, 'workflow_run.html_url', 2000)),
      deliveryKey: delivery ?? `workflow_run:${text(payload, 'workflow_run.id')}`,
      hosts: [],
    };
  }
  return ignored(`GitHub event ${event ?? '(none)'} does not record deployments`);
};
