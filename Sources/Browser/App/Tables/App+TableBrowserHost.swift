/// What ``TableBrowser`` asks of the app: its services, which it shares with every screen.
extension App: TableBrowserHost {}
