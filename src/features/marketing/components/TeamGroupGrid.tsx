import type { TeamGroup } from '@/content/about';

/** The team's groups side by side: artwork, name, what they do and the roles within. */
export function TeamGroupGrid({ groups }: { groups: readonly TeamGroup[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {groups.map((group) => (
        <li
          key={group.name}
          className="flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm"
        >
          <img
            src={group.image.src}
            alt={group.image.alt}
            loading="lazy"
            decoding="async"
            width={1600}
            height={900}
            className="aspect-video w-full object-cover"
          />
          <div className="flex flex-1 flex-col p-6">
            <h3 className="text-xl font-semibold text-brand-ink">{group.name}</h3>
            <p className="mt-2 text-muted-foreground">{group.text}</p>
            <ul aria-label={`${group.name}: roles`} className="mt-5 flex flex-wrap gap-2">
              {group.roles.map((role) => (
                <li
                  key={role}
                  className="rounded-full bg-secondary px-3 py-1 text-sm font-medium text-secondary-foreground"
                >
                  {role}
                </li>
              ))}
            </ul>
          </div>
        </li>
      ))}
    </ul>
  );
}
