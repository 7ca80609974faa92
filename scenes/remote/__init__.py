"""Seats played from a phone: a small server beside the desktop table (a front end like the
tables). ``host.RemoteHost`` serves the page and the WebSocket; ``snapshot`` builds what one seat
may see; ``acts`` applies a phone's move on the loop thread. Nothing here touches a ``Match`` off
that thread.
"""
