//! The MCP server. Not built yet.
