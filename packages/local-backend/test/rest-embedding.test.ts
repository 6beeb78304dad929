import { describe, expect, it } from 'vitest';
import { anon, bookIds, restFixture } from './rest-support';

restFixture({ books: true });

const ambiguous = (origin: string, target: string) =>
  `Could not embed because more than one relationship was found for '${origin}' and '${target}'`;

describe('embedding by foreign key name and column', () => {
  it('follows the key a hint names, by constraint or by either column', async () => {
    const { data, error } = await anon
      .from('pals')
      .select('name, best_friends!best_friends_first_user_fkey(id)')
      .eq('id', 2)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Ben', best_friends: [{ id: 2 }] });

    const parents = await anon
      .from('best_friends')
      .select('id, first:pals!best_friends_first_user_fkey(name), second:pals!second_user(name)')
      .eq('id', 1)
      .single();
    expect(parents.data).toEqual({ id: 1, first: { name: 'Ann' }, second: { name: 'Ben' } });
  });

  it('embeds by the key column or the key name alone', async () => {
    const { data, error } = await anon
      .from('best_friends')
      .select('id, first_user(name), best_friends_third_user_fkey(name)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, first_user: { name: 'Ann' }, best_friends_third_user_fkey: { name: 'Cy' } },
      { id: 2, first_user: { name: 'Ben' }, best_friends_third_user_fkey: null },
    ]);
  });

  it('answers 300 PGRST201 listing every key when the name alone is ambiguous', async () => {
    const { error, status } = await anon.from('best_friends').select('pals(name)');
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST201',
      message: ambiguous('best_friends', 'pals'),
      details: ['first_user', 'second_user', 'third_user'].map((column) => ({
        cardinality: 'many-to-one',
        embedding: 'best_friends with pals',
        relationship: `best_friends_${column}_fkey using best_friends(${column}) and pals(id)`,
      })),
      hint: "Try changing 'pals' to one of the following: 'pals!best_friends_first_user_fkey', 'pals!best_friends_second_user_fkey', 'pals!best_friends_third_user_fkey'. Find the desired relationship in the 'details' key.",
    });

    const inverse = await anon.from('pals').select('best_friends(id)');
    expect(inverse.status).toBe(300);
    expect(inverse.error?.details).toEqual(
      ['first_user', 'second_user', 'third_user'].map((column) => ({
        cardinality: 'one-to-many',
        embedding: 'pals with best_friends',
        relationship: `best_friends_${column}_fkey using pals(id) and best_friends(${column})`,
      })),
    );
  });

  it('answers 400 PGRST200 for a hint that names no relationship', async () => {
    const { error, status } = await anon.from('best_friends').select('pals!nobody(name)');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST200',
      message:
        "Could not find a relationship between 'best_friends' and 'pals' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'best_friends' and 'pals' using the hint 'nobody' in the schema 'public', but no matches were found.",
      hint: null,
    });
  });
});

describe('self-referencing tables', () => {
  it('embeds the parent by the key column and the children by the table name', async () => {
    const { data, error } = await anon
      .from('family_tree')
      .select('name, parent(name, parent(name))')
      .eq('id', '4')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      name: 'Grandkid',
      parent: { name: 'Kid One', parent: { name: 'Root' } },
    });

    const children = await anon
      .from('family_tree')
      .select('name, family_tree(name), kids:family_tree!parent(name)')
      .eq('id', '1')
      .order('name', { referencedTable: 'family_tree' })
      .order('name', { referencedTable: 'kids', ascending: false })
      .single();
    expect(children.data).toEqual({
      name: 'Root',
      family_tree: [{ name: 'Kid One' }, { name: 'Kid Two' }],
      kids: [{ name: 'Kid Two' }, { name: 'Kid One' }],
    });
  });

  it('answers 300 PGRST201 when two keys refer to the same table, and follows a hinted one', async () => {
    const { error, status } = await anon.from('organizations').select('organizations(name)');
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST201',
      message: ambiguous('organizations', 'organizations'),
      details: ['auditor', 'referee'].map((column) => ({
        cardinality: 'one-to-many',
        embedding: 'organizations with organizations',
        relationship: `organizations_${column}_fkey using organizations(id) and organizations(${column})`,
      })),
      hint: "Try changing 'organizations' to one of the following: 'organizations!organizations_auditor_fkey', 'organizations!organizations_referee_fkey'. Find the desired relationship in the 'details' key.",
    });

    const { data } = await anon
      .from('organizations')
      .select('name, referee(name), auditor(name), audits:organizations!auditor(name)')
      .in('id', [2, 3])
      .order('id')
      .order('name', { referencedTable: 'audits' });
    expect(data).toEqual([
      {
        name: 'Auditor Org',
        referee: null,
        auditor: null,
        audits: [{ name: 'Acme' }, { name: 'Umbrella' }],
      },
      {
        name: 'Acme',
        referee: { name: 'Referee Org' },
        auditor: { name: 'Auditor Org' },
        audits: [],
      },
    ]);
  });
});

describe('relationships through views', () => {
  it('keeps the foreign keys of the columns a view shows, in both directions', async () => {
    const { data, error } = await anon
      .from('friendships')
      .select('id, pals!first(name), second_user(name), pal_names!second_user(name)')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      id: 1,
      pals: { name: 'Ann' },
      second_user: { name: 'Ben' },
      pal_names: { name: 'Ben' },
    });

    const fromTable = await anon
      .from('pals')
      .select('name, friendships!first(id)')
      .eq('id', 2)
      .single();
    expect(fromTable.data).toEqual({ name: 'Ben', friendships: [{ id: 2 }] });
  });

  it('embeds through a view of a self-referencing table and a view of a keyed table', async () => {
    const { data, error } = await anon
      .from('family_members')
      .select('name, children:family_members!parent(name)')
      .eq('id', '2')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ name: 'Kid One', children: [{ name: 'Grandkid' }] });

    // The view's key column leads both to the view itself and to the table under it.
    const parent = await anon.from('family_members').select('name, parent(name)');
    expect(parent.status).toBe(300);
    expect(parent.error).toMatchObject({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'family_members with family_members',
          relationship:
            'family_tree_parent_fkey using family_members(parent) and family_members(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'family_members with family_tree',
          relationship: 'family_tree_parent_fkey using family_members(parent) and family_tree(id)',
        },
      ],
      hint: "Try changing 'parent' to one of the following: 'family_members!family_tree_parent_fkey', 'family_tree!family_tree_parent_fkey'. Find the desired relationship in the 'details' key.",
    });

    const reviews = await anon
      .from('book_titles')
      .select('id, reviews(rating)')
      .eq('id', bookIds[0])
      .order('rating', { referencedTable: 'reviews' })
      .single();
    expect(reviews.data).toEqual({
      id: bookIds[0],
      reviews: [{ rating: 2 }, { rating: 4 }, { rating: 5 }],
    });
  });
});

describe('many-to-many', () => {
  it('answers 300 PGRST201 when a junction and a direct key both lead to the target', async () => {
    const { error, status } = await anon.from('sites').select('projects(name)');
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST201',
      message: ambiguous('sites', 'projects'),
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'sites with projects',
          relationship: 'sites_main_project_id_fkey using sites(main_project_id) and projects(id)',
        },
        {
          cardinality: 'many-to-many',
          embedding: 'sites with projects',
          relationship:
            'site_jobs using site_jobs_site_id_fkey(site_id) and site_jobs_project_id_fkey(project_id)',
        },
      ],
      hint: "Try changing 'projects' to one of the following: 'projects!sites_main_project_id_fkey', 'projects!site_jobs'. Find the desired relationship in the 'details' key.",
    });
  });

  it('follows the junction or the direct key a hint names', async () => {
    const { data, error } = await anon
      .from('sites')
      .select('name, projects!site_jobs(name), main:projects!main_project_id(name)')
      .order('id')
      .order('name', { referencedTable: 'projects' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'North', projects: [{ name: 'Bridge' }], main: { name: 'Bridge' } },
      { name: 'South', projects: [{ name: 'Bridge' }, { name: 'Tunnel' }], main: null },
    ]);
  });

  it('takes no junction whose keys are only unique, not its primary key', async () => {
    const { error, status } = await anon.from('projects').select('sites!site_visits(name)');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');

    const { data } = await anon
      .from('sites')
      .select('name, site_visits(projects(name))')
      .eq('id', 1)
      .single();
    expect(data).toEqual({ name: 'North', site_visits: [{ projects: { name: 'Tunnel' } }] });
  });
});

describe('spread', () => {
  it('spreads a to-one embed into the parent', async () => {
    const { data, error } = await anon
      .from('best_friends')
      .select('id, ...pals!first_user(first_name:name), ...second_user(second_name:name)')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, first_name: 'Ann', second_name: 'Ben' });
  });

  it('spreads a to-many embed as one array per column, empty without rows', async () => {
    const { data, error } = await anon
      .from('pals')
      .select('name, ...best_friends!first_user(friendship:id, second_user)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Ann', friendship: [1], second_user: [2] },
      { name: 'Ben', friendship: [2], second_user: [3] },
      { name: 'Cy', friendship: [], second_user: [] },
    ]);

    const manyToMany = await anon
      .from('sites')
      .select('name, ...projects!site_jobs(project:name)')
      .order('id')
      .order('name', { referencedTable: 'projects', ascending: false });
    expect(manyToMany.data).toEqual([
      { name: 'North', project: ['Bridge'] },
      { name: 'South', project: ['Tunnel', 'Bridge'] },
    ]);
  });
});
