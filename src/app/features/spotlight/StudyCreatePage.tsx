/**
 * /spotlight/studies/create: a new study starts as a draft; saved, it opens on its own page where
 * its assets are added.
 */
import { useLocation } from 'wouter';
import { showAlert } from '../../../stores/alerts.ts';
import { paths } from '../../routes/index.ts';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { createBrief, type BriefInput } from './data.ts';
import { spotlightPage } from './SpotlightGate.tsx';
import { StudyForm } from './StudyForm.tsx';
import { Card } from './ui.tsx';

function CreateStudy() {
  const [, navigate] = useLocation();
  return (
    <div className="max-w-3xl space-y-5">
      <PageHeader title="New study" />
      <Card>
        <StudyForm
          saveLabel="Create study"
          submit={(input) => createBrief(input as BriefInput)}
          onSaved={(saved) => {
            const study = saved as { id: string; name: string };
            showAlert('success', `Study ${study.name} created`);
            navigate(paths.spotlightStudy(study.id));
          }}
          onCancel={() => navigate(paths.spotlightStudies())}
        />
      </Card>
    </div>
  );
}

export default spotlightPage(CreateStudy);
