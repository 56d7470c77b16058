//! QuickJS worlds and rolldown bundling for JS/TS steps. Not built yet: see the JS world issue.
