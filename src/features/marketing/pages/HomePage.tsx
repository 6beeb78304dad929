import { Link } from 'react-router-dom';
import { PageHero } from '@/components/layout/PageHero';
import { buttonVariants } from '@/components/ui/buttonVariants';
import { homeHeroActions } from '@/content/home';
import { pageCopy } from '@/content/pages';

export default function HomePage() {
  return (
    <PageHero copy={pageCopy.home}>
      {homeHeroActions.map((action) => (
        <Link
          key={action.to}
          to={action.to}
          className={buttonVariants({ variant: action.variant, size: 'lg' })}
        >
          {action.label}
        </Link>
      ))}
    </PageHero>
  );
}
